import Foundation

/// Runs the built `mihrab` binary (it sits beside the test bundle in the build folder).
public struct MihrabBinary {
    public struct Result {
        /// The exit status, or the signal's number when `signalled`.
        public let status: Int32
        /// The process was ended by a signal (not an exit).
        public let signalled: Bool
        public let stdout: String
        public let stderr: String
    }

    public static var url: URL {
        let dir = Bundle.main.bundleURL.deletingLastPathComponent()
        let beside = dir.appendingPathComponent("mihrab")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("mihrab")
    }

    /// The package root, so that relative paths like board/simulated.toml resolve.
    public static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Where screenshots and renders are kept for a person to look at (ignored by git); made
    /// here, so a test that writes there does not depend on another having run first.
    public static var screenshotDirectory: String {
        let dir = packageRoot.appendingPathComponent("screenshots").path
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Runs the binary; a run longer than `timeout` seconds is killed (the test then fails on
    /// its status) so that a hang can never stall the suite.
    public static func run(_ arguments: [String], environment: [String: String] = [:], timeout: Double = 120) throws -> Result {
        try runProgram(url, arguments, environment: environment, timeout: timeout)
    }

    /// Runs any program from the package root, `input` on its standard input, killed after
    /// `timeout` seconds; its status and both outputs.
    public static func runProgram(_ program: URL, _ arguments: [String], environment: [String: String] = [:], input: String? = nil,
                                  timeout: Double = 120) throws -> Result {
        let p = Process()
        p.executableURL = program
        p.arguments = arguments
        if !environment.isEmpty { p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        p.currentDirectoryURL = packageRoot
        let out = Pipe(), err = Pipe(), stdin = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = input == nil ? FileHandle.nullDevice : stdin
        try p.run()
        if let input {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try? stdin.fileHandleForWriting.close()
        }
        let pid = p.processIdentifier
        let guardTask = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: guardTask)
        defer { guardTask.cancel() }
        let (o, e) = drainBoth(out, err)
        p.waitUntilExit()
        return Result(status: p.terminationStatus, signalled: p.terminationReason == .uncaughtSignal, stdout: String(decoding: o, as: UTF8.self),
                      stderr: String(decoding: e, as: UTF8.self))
    }
}
