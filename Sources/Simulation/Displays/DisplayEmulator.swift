import HAL

/// A display chip's emulator, by kind, as its driver is (`DisplayDevice`): what a command renders
/// or reads back needs no cast, and a new kind is a new case every switch over it must take.
public enum DisplayEmulator {
    case pixels(SSD1306Emulator)
    case characters(HD44780Emulator)

    /// The emulator as the bus sees it.
    public var device: BusDevice {
        switch self {
        case .pixels(let e): e
        case .characters(let e): e
        }
    }

    /// The panel as a picture, `scale` image pixels a dot.
    public func render(scale: Int) -> PNGImage {
        switch self {
        case .pixels(let e): e.render(scale: scale)
        case .characters(let e): e.render(scale: scale)
        }
    }

    /// What a person reads, one string per row; nil for a pixel display.
    public var text: [String]? {
        switch self {
        case .pixels: nil
        case .characters(let e): e.text()
        }
    }
}
