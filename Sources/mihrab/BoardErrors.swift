import ArgumentParser
import Assembly
import LinuxHAL

extension CommandError {
    /// A board that cannot be assembled: its one line, with sysexits' code for why.
    init(_ error: BoardError) {
        self.init(error.description, exitCode: error.kind == .config ? .config : .unavailable)
    }
}

extension BoardAssembler {
    /// `linuxBus`, for a command: the same line as a CommandError.
    static func openLinuxBus(_ n: Int) throws -> LinuxI2CBus {
        do { return try linuxBus(n) } catch { throw CommandError(error) }
    }
}
