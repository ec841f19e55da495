import Compass
import Drivers
import Foundation
import HAL
import TOMLKit

/// A board file (TOML under board/): the I2C bus and compass chips with their mountings,
/// the pointing axis, and which GPIO lines drive which output.
public struct BoardConfig: Sendable, Equatable {
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

    public var path: String
    public var name: String
    public var description: String
    public var bus: Bus
    /// Empty with `autoDetect`: scan the bus and use what answers (identity mountings).
    public var chips: [Chip]
    public var autoDetect: Bool
    public var pointingAxis: Vector3
    public var pointingAxisName: String
    public var gpioChip: ChipLocator?
    public var lines: [Output: Line]
    /// A ring of LEDs for the qibla, clockwise from the pointing direction, instead of left/aligned/right.
    public var qiblaRing: [Line]
    /// `[gpio.inputs]`: the stop button.
    public var inputs: [InputName: Input] = [:]
    /// `[[displays]]`: OLEDs and character LCDs on the I2C bus.
    public var displays: [Display] = []
    /// `[outputs]`: the outputs that follow the unit's snapshots (a relay).
    public var outputs = Outputs()

    public func chip(_ kind: SensorKind) -> Chip? { chips.first { $0.model.kind == kind } }

    public static func load(path: String) throws(ConfigError) -> BoardConfig {
        let root = try TableReader.root(of: try TableReader.text(of: path), file: path)
        guard let name = try root.string("name") else { throw root.error("name", "is missing") }
        let description = try root.string("description") ?? ""

        guard let i2c = try root.subtable("i2c") else { throw root.error("i2c", "is missing ([i2c] with bus)") }
        let bus: Bus
        if let s = i2c.table["bus"]?.string {
            guard s == "simulated" else { throw i2c.error("bus", "must be a bus number 0-255 or \"simulated\"") }
            _ = try i2c.string("bus")
            bus = .simulated
        } else if let n = try i2c.int("bus", in: 0...255) {
            bus = .linux(n)
        } else {
            throw i2c.error("bus", "is missing (a bus number, or \"simulated\")")
        }
        try i2c.finish()

        var chips: [Chip] = []
        var autoDetect = false
        var axisName = "x"
        if let compass = try root.subtable("compass") {
            if compass.table["chips"]?.string == "auto" {
                _ = try compass.string("chips")
                autoDetect = true
            } else if let list = try compass.array("chips") {
                for (i, v) in list.enumerated() {
                    guard let t = v.table else { throw compass.error("chips", "must be \"auto\" or [[compass.chips]] tables") }
                    let c = TableReader(t, path: "compass.chips[\(i)]", file: path, lines: root.lines)
                    guard let model = try c.choice("chip", ChipModel.self) else { throw c.error("chip", "is missing") }
                    let address = try c.int("address", in: 0x03...0x77).map { UInt8($0) } ?? model.addresses[0]
                    guard model.addresses.contains(address) else {
                        throw c.error("address", "\(model.rawValue) answers at \(model.addresses.map { "0x" + String($0, radix: 16) }.joined(separator: " or ")), not 0x\(String(address, radix: 16))")
                    }
                    var mounting = Mounting.identity
                    if let rows = try c.array("mounting") {
                        let numbers = rows.compactMap { $0.array }.flatMap { $0.map { $0.double ?? $0.int.map(Double.init) } }
                        guard rows.count == 3, numbers.count == 9, let m = Matrix3(rows: numbers.compactMap { $0 }),
                              numbers.allSatisfy({ $0 != nil }) else {
                            throw c.error("mounting", "must be three rows of three numbers")
                        }
                        guard let r = Mounting(m) else {
                            throw c.error("mounting", "is not a rotation (rows orthonormal, determinant +1)")
                        }
                        mounting = r
                    }
                    _ = try c.string("role")  // informative; the chip says what it is
                    try c.finish()
                    chips.append(Chip(model: model, address: address, mounting: mounting))
                }
            }
            if let a = try compass.string("pointing_axis") {
                guard DeviceFrame.axis(named: a) != nil else {
                    throw compass.error("pointing_axis", "must be one of \(DeviceFrame.axisNames.joined(separator: ", "))")
                }
                axisName = a
            }
            try compass.finish()
        }

        var gpioChip: ChipLocator?
        var lines: [Output: Line] = [:]
        var ring: [Line] = []
        var inputs: [InputName: Input] = [:]
        if let gpio = try root.subtable("gpio") {
            if let p = try gpio.string("chip") { gpioChip = .path(p) }
            if let l = try gpio.string("chip_label") {
                if gpioChip != nil { throw gpio.error("chip_label", "give chip or chip_label, not both") }
                gpioChip = .label(l)
            }
            if let table = try gpio.subtable("lines") {
                for key in table.table.keys.sorted() {
                    if key == "qibla_ring" {
                        guard let list = try table.array(key) else { continue }
                        for (i, v) in list.enumerated() {
                            guard let t = v.table else { throw table.error(key, "must be a list of { line = ... } tables") }
                            ring.append(try line(TableReader(t, path: "gpio.lines.qibla_ring[\(i)]", file: path, lines: root.lines)))
                        }
                        continue
                    }
                    guard let output = Output(rawValue: key) else {
                        throw table.error(key, "unknown output (outputs: \(Output.allCases.map(\.rawValue).joined(separator: ", ")), qibla_ring)")
                    }
                    guard let t = try table.subtable(key) else { continue }
                    lines[output] = try line(t)
                }
                try table.finish()
            }
            if let table = try gpio.subtable("inputs") {
                for key in table.table.keys.sorted() {
                    guard let name = InputName(rawValue: key) else {
                        throw table.error(key, "unknown input (inputs: \(InputName.allCases.map(\.rawValue).joined(separator: ", ")))")
                    }
                    guard let t = try table.subtable(key) else { continue }
                    let bias = try t.choice("bias", GPIOBias.self)
                    let debounce = try t.int("debounce_ms", in: 0...1000) ?? 30
                    let l = try line(t)
                    inputs[name] = Input(line: l, bias: bias ?? (l.activeLow ? .pullUp : .pullDown), debounceMs: debounce)
                }
                try table.finish()
            }
            try gpio.finish()
        }
        let displays = try displayList(root, file: path)
        let outputs = try outputsTable(root, file: path, hasChip: bus == .simulated || gpioChip != nil)
        try root.finish()
        if bus != .simulated, !lines.isEmpty || !inputs.isEmpty, gpioChip == nil {
            throw ConfigError(file: path, line: root.lines.line(of: "gpio"), path: "gpio.chip", message: "is missing (a path like /dev/gpiochip0, or chip_label)")
        }
        return BoardConfig(path: path, name: name, description: description, bus: bus, chips: chips, autoDetect: autoDetect,
                           pointingAxis: DeviceFrame.axis(named: axisName) ?? Vector3(1, 0, 0), pointingAxisName: axisName,
                           gpioChip: gpioChip, lines: lines, qiblaRing: ring, inputs: inputs, displays: displays, outputs: outputs)
    }

    /// `[[displays]]`: each a chip at one of its addresses, with its geometry.
    private static func displayList(_ root: TableReader, file path: String) throws(ConfigError) -> [Display] {
        guard let list = try root.array("displays") else { return [] }
        var displays: [Display] = []
        for (i, v) in list.enumerated() {
            guard let t = v.table else { throw root.error("displays", "must be [[displays]] tables") }
            let d = TableReader(t, path: "displays[\(i)]", file: path, lines: root.lines)
            guard let model = try d.choice("chip", DisplayModel.self) else { throw d.error("chip", "is missing") }
            let address = try d.int("address", in: 0x03...0x77).map { UInt8($0) } ?? model.addresses[0]
            guard model.addresses.contains(address) else {
                throw d.error("address", "\(model.rawValue) answers at \(addressList(model.addresses)), not \(hex(address))")
            }
            if displays.contains(where: { $0.address == address }) {
                throw d.error("address", "\(hex(address)) is given to two displays")
            }
            let display: Display
            if model.isGraphic {
                let rotation = try d.int("rotation", in: 0...180) ?? 0
                guard rotation == 0 || rotation == 180 else { throw d.error("rotation", "must be 0 or 180") }
                let height = try d.int("height", in: 32...64) ?? 64
                guard height == 32 || height == 64 else { throw d.error("height", "must be 32 or 64") }
                let width = try d.int("width", in: 128...128) ?? 128
                let contrast = try d.int("contrast", in: 0...255) ?? 0xCF
                display = Display(model: model, address: address, rotation: rotation, width: width, height: height, contrast: contrast)
            } else {
                let columns = try d.int("columns", in: 8...40) ?? 20
                let rows = try d.int("rows", in: 1...4) ?? 4
                guard [1, 2, 4].contains(rows) else { throw d.error("rows", "must be 1, 2 or 4") }
                guard [8, 16, 20, 24, 40].contains(columns) else { throw d.error("columns", "must be 8, 16, 20, 24 or 40") }
                guard columns * rows <= 80 else { throw d.error("rows", "\(columns)x\(rows) is more than the controller's 80 characters") }
                display = Display(model: model, address: address, columns: columns, rows: rows)
            }
            try d.finish()
            displays.append(display)
        }
        return displays
    }

    /// "0x3c or 0x3d"; a contiguous run as "0x20-0x27".
    private static func addressList(_ a: [UInt8]) -> String {
        var runs: [String] = []
        var i = 0
        while i < a.count {
            var j = i
            while j + 1 < a.count, a[j + 1] == a[j] + 1 { j += 1 }
            runs.append(j - i >= 2 ? "\(hex(a[i]))-\(hex(a[j]))" : (i...j).map { hex(a[$0]) }.joined(separator: " or "))
            i = j + 1
        }
        return runs.joined(separator: ", ")
    }

    static func line(_ t: TableReader) throws(ConfigError) -> Line {
        let locator: LineLocator
        if let s = t.table["line"]?.string {
            _ = try t.string("line")
            locator = .name(s)
        } else if let n = try t.int("line", in: 0...1023) {
            locator = .offset(UInt32(n))
        } else {
            throw t.error("line", "is missing (an offset or a line name)")
        }
        let activeLow = try t.bool("active_low") ?? false
        try t.finish()
        return Line(locator: locator, activeLow: activeLow)
    }
}
