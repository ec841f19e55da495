import Compass
import HAL

/// The parts of a board file: the bus, the compass chips, the displays, GPIO lines and inputs, the outputs.
extension BoardConfig {
    public enum Bus: Sendable, Equatable {
        case simulated
        case linux(Int)
    }

    public struct Chip: Sendable, Equatable {
        public let model: ChipModel
        public let address: UInt8
        public let mounting: Mounting
        public init(model: ChipModel, address: UInt8, mounting: Mounting) {
            self.model = model
            self.address = address
            self.mounting = mounting
        }
    }

    /// `[[displays]]`: a small display on the board's I2C bus.
    public struct Display: Sendable, Equatable {
        public let model: DisplayModel
        public let address: UInt8
        /// OLEDs: 0 or 180 (a module mounted upside down); pixels.
        public let rotation: Int
        public let width: Int
        public let height: Int
        /// Character LCDs: the geometry in characters.
        public let columns: Int
        public let rows: Int
        /// OLEDs: 0-255.
        public let contrast: Int

        public init(model: DisplayModel, address: UInt8, rotation: Int = 0, width: Int = 128, height: Int = 64,
                    columns: Int = 20, rows: Int = 4, contrast: Int = 0xCF) {
            self.model = model
            self.address = address
            self.rotation = rotation
            self.width = width
            self.height = height
            self.columns = columns
            self.rows = rows
            self.contrast = contrast
        }

        /// "ssd1306 at 0x3c (128x64)", "hd44780-pcf8574 at 0x27 (20x4)".
        public var label: String {
            "\(model.rawValue) at \(hex(address)) (" + (model.isGraphic ? "\(width)x\(height)" : "\(columns)x\(rows)") + ")"
        }
    }

    public enum ChipLocator: Sendable, Equatable {
        case path(String)
        case label(String)
    }

    public enum LineLocator: Sendable, Equatable {
        case offset(UInt32)
        case name(String)

        /// The line's name when the board gives one.
        public var name: String? {
            if case .name(let n) = self { return n }
            return nil
        }
    }

    public struct Line: Sendable, Equatable {
        public let locator: LineLocator
        public let activeLow: Bool
    }

    /// A push button: its line, active-low (a button to ground), the bias the line needs,
    /// and the debounce window.
    public struct Input: Sendable, Equatable {
        public let line: Line
        public let bias: GPIOBias
        public let debounceMs: Int
    }

    /// The inputs a board can read.
    public enum InputName: String, Sendable, CaseIterable { case stop }

    /// The outputs a board can drive.
    public enum Output: String, Sendable, CaseIterable {
        case status, fajr, dhuhr, asr, maghrib, isha
        case qiblaLeft = "qibla_left", qiblaAligned = "qibla_aligned", qiblaRight = "qibla_right"
        case buzzer

        /// Position in `allCases`, without building the array (the loop asks every tick).
        public var index: Int {
            switch self {
            case .status: 0
            case .fajr: 1
            case .dhuhr: 2
            case .asr: 3
            case .maghrib: 4
            case .isha: 5
            case .qiblaLeft: 6
            case .qiblaAligned: 7
            case .qiblaRight: 8
            case .buzzer: 9
            }
        }
    }
}
