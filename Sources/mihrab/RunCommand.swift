import ArgumentParser
import Foundation

/// `mihrab run`: the daemon. Until the control loop exists (issue 6) it reads the
/// board file, says what it would run, and exits.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Run the unit on a board (the simulated one needs no hardware).")

    @Option(help: "The board file (TOML).")
    var board: String = "board/simulated.toml"

    func run() throws {
        let summary = try BoardFile.load(path: board)
        print("mihrab \(BuildInfo.version)")
        for line in BuildInfo.libraries { print("  built with \(line)") }
        print("board: \(summary.name) (\(board))")
        print("  \(summary.description)")
        for chip in summary.chips {
            let address = chip.address.map { " at 0x" + String($0, radix: 16) } ?? ""
            print("  chip: \(chip.kind)\(address) (\(chip.role))")
        }
        print("  outputs: \(summary.outputs.joined(separator: ", "))")
        print("The control loop is not built yet: nothing runs on the board.")
    }
}

