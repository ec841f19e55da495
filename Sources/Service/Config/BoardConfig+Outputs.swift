/// `[outputs]` in a board file: the outputs that follow the unit's snapshots, each a
/// subscriber of the loop's hub (a relay; the next one is one more key here and its subscriber).
extension BoardConfig {
    public struct Outputs: Sendable, Equatable {
        public var relay: Relay?
        public init(relay: Relay? = nil) { self.relay = relay }
    }

    /// `relay = { line = N, during = ["adhan", "iqamah"] }`: a line on the board's GPIO chip
    /// (an offset or a name, `active_low` as for the LEDs), on while any phase named holds.
    public struct Relay: Sendable, Equatable {
        public let line: Line
        public let during: [UnitSnapshot.Phase]
    }

    static func outputsTable(_ root: TableReader, file: String, hasChip: Bool) throws(ConfigError) -> Outputs {
        guard let table = try root.subtable("outputs") else { return Outputs() }
        var outputs = Outputs()
        if let r = try table.subtable("relay") {
            let phases = UnitSnapshot.Phase.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            guard let names = try r.strings("during") else { throw r.error("during", "is missing (a list of phases: \(phases))") }
            var during: [UnitSnapshot.Phase] = []
            for n in names {
                guard let p = UnitSnapshot.Phase(rawValue: n) else { throw r.error("during", "\(quoted(n)) is not a phase (phases: \(phases))") }
                if !during.contains(p) { during.append(p) }
            }
            guard !during.isEmpty else { throw r.error("during", "is empty (name at least one phase: \(phases))") }
            let line = try line(r)
            guard hasChip else {
                throw ConfigError(file: file, line: root.lines.line(of: "outputs"), path: "gpio.chip",
                                  message: "is missing (outputs.relay is a line of the board's GPIO chip: a path like /dev/gpiochip0, or chip_label)")
            }
            outputs.relay = Relay(line: line, during: during)
        }
        try table.finish()
        return outputs
    }
}
