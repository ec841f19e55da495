import Foundation
import TestSupport
import Testing

@Suite("mihrab version and run")
struct VersionTests {
    @Test("version names the libraries the binary was built against")
    func version() throws {
        let r = try MihrabBinary.run(["version"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("mihrab "))
        #expect(r.stdout.contains("libgpiod 1.") || r.stdout.contains("libgpiod 2."))
        #expect(r.stdout.contains("libgps API "))
    }

    @Test("run on the simulated board: a bounded simulated minute names the board and the view shows the unit")
    func runSimulated() throws {
        let dir = NSTemporaryDirectory() + "mihrab-minute-\(UUID().uuidString)"
        let r = try MihrabBinary.run(["run", "--board", "board/simulated.toml", "--start", "2026-03-20T12:00",
                                      "--until", "2026-03-20T12:01", "--tz", "Asia/Riyadh", "--speed", "1e9",
                                      "--state-dir", dir])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("on simulated, zone Asia/Riyadh"))
        #expect(r.stdout.contains("2026-03-20 12:00:00 | status"))
        #expect(r.stdout.contains("next dhuhr adhan in"))
    }

    @Test("a board file that is not there: one line naming it, exit 78")
    func missingBoard() throws {
        let r = try MihrabBinary.run(["run", "--board", "/nonexistent/board.toml"])
        #expect(r.status == 78)
        #expect(r.stderr == "mihrab: /nonexistent/board.toml: cannot be read\n")
    }

    @Test("an unknown subcommand: one line, usage exit code")
    func unknownCommand() throws {
        let r = try MihrabBinary.run(["frobnicate"])
        #expect(r.status == 64)
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(r.stderr.contains("frobnicate"))
    }
}
