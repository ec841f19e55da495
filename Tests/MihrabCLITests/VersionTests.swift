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

    @Test("run on the simulated board describes the board from its file")
    func runSimulated() throws {
        let r = try MihrabBinary.run(["run", "--board", "board/simulated.toml"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("board: simulated"))
        #expect(r.stdout.contains("qmc5883l at 0xd"))
        #expect(r.stdout.contains("buzzer"))
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
