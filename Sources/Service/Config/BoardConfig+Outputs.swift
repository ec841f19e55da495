import TOMLKit
import UnitModel

/// `[outputs]` in a board file: the outputs that follow the unit's snapshots, each a plug-in
/// of the run's output table (`OutputPlugin`; README "Outputs"). A kind of output is one key
/// here and one row of that table.
extension BoardConfig {
    public struct Outputs: Sendable, Equatable {
        /// `[[outputs.relay]]`, in the file's order (names unique).
        public var relays: [Relay]
        public init(relays: [Relay] = []) { self.relays = relays }

        /// Every GPIO line the outputs drive, by the output's name: the assembly requests each
        /// one (on a simulated board, a recording line), whatever the output. A new kind of
        /// output that drives a line adds its lines here.
        public var lines: [(name: String, line: Line)] { relays.map { ($0.name, $0.line) } }
    }

    /// One relay: `[[outputs.relay]]` with `name = "amplifier"`, `line = N` (an offset or a line
    /// name, `active_low` as for the LEDs) and `during = ["adhan", "iqamah"]`, on while any
    /// phase named holds. Today's single `relay = { line = N, during = […] }` still reads, named
    /// "relay".
    public struct Relay: Sendable, Equatable {
        public let name: String
        public let line: Line
        public let during: [UnitSnapshot.Phase]
        public init(name: String, line: Line, during: [UnitSnapshot.Phase]) {
            (self.name, self.line, self.during) = (name, line, during)
        }
    }

    /// What an output's name may be: it is a status.json value, a record's "output" and part of
    /// a GPIO consumer label (`mihrab-NAME`).
    static func validOutputName(_ s: String) -> Bool {
        (1...32).contains(s.utf8.count) && s.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F || $0 == 0x2D }
    }

    static func outputsTable(_ root: TableReader, file: String, hasChip: Bool) throws(ConfigError) -> Outputs {
        guard let table = try root.subtable("outputs") else { return Outputs() }
        var outputs = Outputs()
        if table.table["relay"]?.table != nil, let r = try table.subtable("relay") {
            outputs.relays = [try relay(r, defaultName: "relay")]
        } else if let list = try table.array("relay") {
            for (i, v) in list.enumerated() {
                guard let t = v.table else { throw table.error("relay", "must be a table or [[outputs.relay]] tables") }
                outputs.relays.append(try relay(TableReader(t, path: "outputs.relay[\(i)]", file: file, lines: root.lines),
                                                defaultName: list.count == 1 ? "relay" : nil))
            }
            var seen: Set<String> = []
            for r in outputs.relays where !seen.insert(r.name).inserted {
                throw table.error("relay", "two relays are named \(quoted(r.name)) (each [[outputs.relay]] needs a name of its own)")
            }
        }
        if !outputs.relays.isEmpty, !hasChip {
            throw ConfigError(file: file, line: root.lines.line(of: "outputs"), path: "gpio.chip",
                              message: "is missing (outputs.relay is a line of the board's GPIO chip: a path like /dev/gpiochip0, or chip_label)")
        }
        try table.finish()
        return outputs
    }

    private static func relay(_ r: TableReader, defaultName: String?) throws(ConfigError) -> Relay {
        let name: String
        if let n = try r.string("name") {
            guard validOutputName(n) else {
                throw r.error("name", "\(quoted(n)) is not a name (1 to 32 of a-z, 0-9, _ and -)")
            }
            name = n
        } else if let defaultName {
            name = defaultName
        } else {
            throw r.error("name", "is missing (with more than one relay, each is named: name = \"amplifier\")")
        }
        let phases = UnitSnapshot.Phase.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        guard let names = try r.strings("during") else { throw r.error("during", "is missing (a list of phases: \(phases))") }
        var during: [UnitSnapshot.Phase] = []
        for n in names {
            guard let p = UnitSnapshot.Phase(rawValue: n) else { throw r.error("during", "\(quoted(n)) is not a phase (phases: \(phases))") }
            if !during.contains(p) { during.append(p) }
        }
        guard !during.isEmpty else { throw r.error("during", "is empty (name at least one phase: \(phases))") }
        return Relay(name: name, line: try line(r), during: during)
    }
}
