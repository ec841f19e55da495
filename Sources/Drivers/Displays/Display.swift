import HAL

public enum DisplayError: Error, Equatable, Sendable, CustomStringConvertible {
    case bus(I2CError)
    /// The frame or text does not fit the display's geometry.
    case geometry(model: DisplayModel, address: UInt8, message: String)

    public var description: String {
        switch self {
        case .bus(let e): e.description
        case .geometry(let m, let a, let message): "\(m.rawValue) at \(hex(a)): \(message)"
        }
    }
}

/// A 1-bit frame in the controllers' own layout: `height / 8` pages of 8 rows; in a page one
/// byte per column, bit 0 the top row. A set bit is a lit pixel.
public struct MonoFrame: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var bytes: [UInt8]

    public init(width: Int, height: Int) {
        precondition(width > 0 && height > 0 && height % 8 == 0, "a frame is whole pages")
        self.width = width
        self.height = height
        bytes = [UInt8](repeating: 0, count: width * height / 8)
    }

    public var pages: Int { height / 8 }

    /// Out-of-range pixels read as dark and ignore writes (drawing may run off the edge).
    public subscript(x: Int, y: Int) -> Bool {
        get {
            guard x >= 0, x < width, y >= 0, y < height else { return false }
            return bytes[(y >> 3) * width + x] & (1 << UInt8(y & 7)) != 0
        }
        set {
            guard x >= 0, x < width, y >= 0, y < height else { return }
            let i = (y >> 3) * width + x, bit = UInt8(1) << UInt8(y & 7)
            if newValue { bytes[i] |= bit } else { bytes[i] &= ~bit }
        }
    }

    /// One page's bytes (`width` of them).
    public func page(_ p: Int) -> ArraySlice<UInt8> { bytes[(p * width)..<((p + 1) * width)] }

    /// Turned half a turn (a module mounted upside down).
    public var rotated180: MonoFrame {
        var r = MonoFrame(width: width, height: height)
        for y in 0..<height { for x in 0..<width where self[x, y] { r[width - 1 - x, height - 1 - y] = true } }
        return r
    }
}

/// A pixel display (the OLEDs), driven only through `I2CBus`.
public protocol PixelDisplay: AnyObject {
    var model: DisplayModel { get }
    var address: UInt8 { get }
    var width: Int { get }
    var height: Int { get }
    /// Something acknowledges at the address (and, where the chip allows, says it is this chip).
    func probe() throws(DisplayError) -> Bool
    /// The datasheet's power-up sequence, then a dark screen; the display is on afterwards.
    /// Call again after any error: the next `show` then sends every page.
    func initialize() throws(DisplayError)
    /// Sends the pages that differ from the last frame sent (all of them after `initialize`).
    func show(_ frame: MonoFrame) throws(DisplayError)
    /// The configuration sent again, without turning the display off or clearing it, and the
    /// next `show` sends every page: a chip reset by a glitch (a brown-out leaves it dark, its
    /// charge pump off) acknowledges its writes like a healthy one, so this is done now and then.
    func reassert() throws(DisplayError)
    /// 0-255.
    func setContrast(_ value: UInt8) throws(DisplayError)
    /// Display on (from the RAM) or off (sleep); the RAM is kept.
    func setDisplayOn(_ on: Bool) throws(DisplayError)
}

/// A character display (HD44780 family), driven only through `I2CBus`. Text is in the
/// controller's character codes: 0x20-0x7D are ASCII in the A00 ROM; 0-7 are the custom glyphs.
public protocol CharacterDisplay: AnyObject {
    var model: DisplayModel { get }
    var address: UInt8 { get }
    var columns: Int { get }
    var rows: Int { get }
    func probe() throws(DisplayError) -> Bool
    /// The datasheet's initialisation by instruction (4-bit from 8-bit), then a clear screen.
    func initialize() throws(DisplayError)
    /// Writes the characters that differ from what the display holds, moving the cursor
    /// only where needed. `lines`: `rows` lines of up to `columns` codes (short ones are padded with spaces).
    func show(_ lines: [[UInt8]]) throws(DisplayError)
    /// Back in step without clearing (0x3, 0x3, 0x3, 0x2 recover a controller left in 8-bit
    /// mode or between two nibbles by a glitch the PCF8574 never reports), the mode set again,
    /// and the next `show` rewrites every character in place.
    func reassert() throws(DisplayError)
    /// Custom glyph `index` (0-7): 8 rows, the low 5 bits of each, bit 4 the left column.
    func defineGlyph(_ index: Int, rows: [UInt8]) throws(DisplayError)
    func setBacklight(_ on: Bool) throws(DisplayError)
}
