import Compass
import FoundationEssentials
import Glibc
import HAL
import TOMLKit

/// A board file (TOML under board/): the I2C bus and compass chips with their mountings,
/// the pointing axis, and which GPIO lines drive which output. Its parts are in
/// BoardConfig+Parts.swift; the compass and display sections parse in their own files.
public struct BoardConfig: Sendable, Equatable {
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
    /// `[outputs]`: outputs that follow the snapshot (a relay).
    public var outputs = Outputs()
    /// `[tv]`: the hall's TV's CEC adapter.
    public var tv = TV.only

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

        let (chips, autoDetect, axisName) = try compassSection(root, file: path)

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
        let tv = try tvSection(root, simulated: bus == .simulated)
        try root.finish()
        if bus != .simulated, !lines.isEmpty || !inputs.isEmpty, gpioChip == nil {
            throw ConfigError(file: path, line: root.lines.line(of: "gpio"), path: "gpio.chip", message: "is missing (a path like /dev/gpiochip0, or chip_label)")
        }
        return BoardConfig(path: path, name: name, description: description, bus: bus, chips: chips, autoDetect: autoDetect,
                           pointingAxis: DeviceFrame.axis(named: axisName) ?? Vector3(1, 0, 0), pointingAxisName: axisName,
                           gpioChip: gpioChip, lines: lines, qiblaRing: ring, inputs: inputs, displays: displays, outputs: outputs, tv: tv)
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
