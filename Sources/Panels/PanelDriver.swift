import Drivers
import HAL
import Service

/// One board display behind its driver: content in, the chip's bytes out. Initialises the
/// chip on first use and again after an error; sends nothing when nothing changed.
public final class PanelDriver {
    public typealias Device = DisplayDevice

    public let display: BoardConfig.Display
    public let device: Device
    private var ready = false
    private var shown: PanelContent?
    private var on: Bool?
    /// Shows since the configuration was last sent: every `reassertEvery` it is sent again,
    /// since a display reset by a glitch (a brown-out on a 5 V backpack, a spike when an
    /// amplifier switches on) still acknowledges every write and would stay dark or garbled.
    private var sinceReassert = 0
    public var reassertEvery = 300

    /// `device`: the display's driver, from the board assembly (`BoardAssembler.displayDriver`).
    public init(_ display: BoardConfig.Display, device: Device) {
        self.display = display
        self.device = device
    }

    /// The OLED's frame for `content`, as the module is mounted.
    public func frame(_ content: PanelContent) -> MonoFrame {
        let f = OLEDLayout.frame(content, width: display.width, height: display.height)
        return display.rotation == 180 ? f.rotated180 : f
    }

    /// Shows `content`; a bus error is thrown (one line naming the address) and the next call
    /// starts again from the chip's initialisation.
    public func show(_ content: PanelContent) throws(DisplayError) {
        if content == shown, ready, sinceReassert < reassertEvery { return }
        do {
            if !ready {
                switch device {
                case .pixels(let d):
                    try d.initialize()
                    try d.setContrast(UInt8(clamping: display.contrast))
                case .characters(let d):
                    try d.initialize()
                    try d.defineGlyph(0, rows: LCDLayout.crescent)
                }
                ready = true
                on = nil  // said below, whatever the chip kept (an LCD's backlight bit survives its init)
                sinceReassert = 0
            } else if sinceReassert >= reassertEvery {
                switch device {
                case .pixels(let d):
                    try d.reassert()
                    try d.setContrast(UInt8(clamping: display.contrast))
                case .characters(let d):
                    try d.reassert()
                    try d.defineGlyph(0, rows: LCDLayout.crescent)
                }
                on = nil
                sinceReassert = 0
            }
            sinceReassert += 1
            switch device {
            case .pixels(let d):
                // Screen hours: the OLED sleeps (it also saves the panel from burning in).
                if on != content.screenOn { try d.setDisplayOn(content.screenOn); on = content.screenOn }
                if content.screenOn { try d.show(frame(content)) }
            case .characters(let d):
                if on != content.screenOn { try d.setBacklight(content.screenOn); on = content.screenOn }
                try d.show(LCDLayout.lines(content, columns: display.columns, rows: display.rows))
            }
            shown = content
        } catch {
            ready = false
            shown = nil
            throw error
        }
    }

    /// At a clean stop: a stale countdown would mislead, so the OLED goes dark and the LCD
    /// says the unit is stopped. Errors are ignored (the unit is going down).
    public func stopped() {
        guard ready else { return }
        switch device {
        case .pixels(let d): try? d.setDisplayOn(false)
        case .characters(let d): try? d.show([Array(LCDLayout.codes("Mihrab stopped").prefix(display.columns))])
        }
    }
}
