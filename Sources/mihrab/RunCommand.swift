import ArgumentParser
import Foundation
import Service

/// `mihrab run`: the daemon. Until the control loop exists (issue 6) it reads the
/// board file, says what it would run, and exits.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Run the unit on a board (the simulated one needs no hardware).")

    @Option(help: "The board file (TOML).")
    var board: String = "board/simulated.toml"

    func run() throws {
        let summary = try loadBoard(board)
        print("mihrab \(BuildInfo.version)")
        for line in BuildInfo.libraries { print("  built with \(line)") }
        print("board: \(summary.name) (\(board))")
        print("  \(summary.description)")
        for chip in summary.chips {
            print("  chip: \(chip.model.rawValue) at 0x\(String(chip.address, radix: 16)) (\(chip.model.kind.rawValue))")
        }
        print("  outputs: \(summary.lines.keys.map(\.rawValue).sorted().joined(separator: ", "))")
        print("The control loop is not built yet: nothing runs on the board.")
    }
}

