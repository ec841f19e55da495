import ArgumentParser
import Foundation
import TOMLKit

/// `mihrab run`: the daemon. Until the control loop exists (issue 6) it reads the
/// board file, says what it would run, and exits.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Run the unit on a board (the simulated one needs no hardware).")

    @Option(help: "The board file (TOML).")
    var board: String = "board/simulated.toml"

    func run() throws {
        let summary = try BoardSummary.load(path: board)
        print("mihrab \(BuildInfo.version)")
        for line in BuildInfo.libraries { print("  built with \(line)") }
        print("board: \(summary.name) (\(board))")
        print("  \(summary.description)")
        for chip in summary.chips { print("  chip: \(chip)") }
        print("  outputs: \(summary.outputs.joined(separator: ", "))")
        print("The control loop is not built yet: nothing runs on the board.")
    }
}

/// What a board file says, enough to describe it.
struct BoardSummary {
    var name: String
    var description: String
    var chips: [String]
    var outputs: [String]

    static func load(path: String) throws -> BoardSummary {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw CommandError("board file \(path): cannot be read", exitCode: .config)
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let e as TOMLParseError {
            throw CommandError("board file \(path):\(e.source.begin.line): \(e.description)", exitCode: .config)
        } catch {
            throw CommandError("board file \(path): \(error)", exitCode: .config)
        }
        guard let name = table["name"]?.string else {
            throw CommandError("board file \(path): key 'name' is missing or not a string", exitCode: .config)
        }
        let chips = table["compass"]?.table?["chips"]?.array?.compactMap { value -> String? in
            guard let chip = value.table, let kind = chip["chip"]?.string else { return nil }
            let address = chip["address"]?.int.map { " at 0x" + String($0, radix: 16) } ?? ""
            return kind + address + (chip["role"]?.string.map { " (\($0))" } ?? "")
        } ?? []
        let outputs = table["gpio"]?.table?["lines"]?.table.map { Array($0.keys).sorted() } ?? []
        return BoardSummary(name: name, description: table["description"]?.string ?? "", chips: chips,
                            outputs: outputs)
    }
}
