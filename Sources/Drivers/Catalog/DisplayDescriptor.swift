import HAL

/// What Mihrab knows of one display chip: its identity (HAL's `DisplayModel.identity`), its
/// controller variant and its driver (the row in `DisplayModel.descriptor`).
public struct DisplayDescriptor: Sendable {
    public typealias Family = DisplayFamily

    /// The driver at an address: `size` is pixels for an OLED, characters for an LCD.
    public typealias DriverFactory = @Sendable (_ bus: I2CBus, _ address: UInt8, _ size: DisplaySize,
                                                _ pause: @escaping Pause) -> DisplayDevice

    public let model: DisplayModel
    /// The OLED controller's values (nil for a character LCD).
    public let oled: OLEDVariant?
    public let driver: DriverFactory

    public var name: String { model.rawValue }
    public var family: DisplayFamily { model.identity.family }
    /// The addresses the chip can answer at (strap options), the default first.
    public var addresses: [UInt8] { model.identity.addresses }
    /// A scan probes chips in ascending `probeOrder`; an address answered stays taken.
    public var probeOrder: Int { model.identity.probeOrder }
}

/// A display's size: pixels (width x height) for an OLED, characters (columns x rows) for an LCD.
public struct DisplaySize: Sendable, Equatable {
    public var width: Int, height: Int
    public var columns: Int, rows: Int
    public init(width: Int = 128, height: Int = 64, columns: Int = 20, rows: Int = 4) {
        self.width = width
        self.height = height
        self.columns = columns
        self.rows = rows
    }
}

/// A display behind its driver: pixels or characters.
public enum DisplayDevice {
    case pixels(PixelDisplay)
    case characters(CharacterDisplay)
}

/// What differs between the OLED controllers (the kernel's `ssd130x_deviceinfo`).
public struct OLEDVariant: Sendable, Equatable {
    /// The RAM column of the panel's left edge.
    public let columnOffset: Int
    /// Horizontal addressing (0x20 0x00) with column/page windows, or page addressing only.
    public let horizontalAddressing: Bool
    /// The internal supply for a module without external VCC: command and argument.
    public let power: [UInt8]
    /// Pre-charge period (0xD9): phase 2 in the high nibble, phase 1 in the low.
    public let precharge: UInt8
}
