import Foundation

/// `mihrab run` started for a test: in the package's root (board files resolve), its standard
/// error in `stderr.log` of its state directory, its standard output read until the wall
/// screen's URL appears and drained after (a child blocked on a full pipe would stall).
public enum DaemonLaunch {
    /// Starts `process` (its executable and arguments set); returns its standard output.
    public static func start(_ process: Process, directory: String) throws -> Pipe {
        process.currentDirectoryURL = MihrabBinary.packageRoot
        let out = Pipe()
        process.standardOutput = out
        FileManager.default.createFile(atPath: directory + "/stderr.log", contents: nil)
        process.standardError = FileHandle(forWritingAtPath: directory + "/stderr.log")
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return out
    }

    /// The screen's port from the URL the daemon prints (nil: none within `seconds`, or the
    /// process ended), and what it printed until then. Its output is drained from then on.
    public static func screenPort(_ out: Pipe, of process: Process, within seconds: Double = 60) -> (port: UInt16?, seen: String) {
        var seen = ""
        var port: UInt16?
        let deadline = Date().addingTimeInterval(seconds)
        while port == nil, Date() < deadline, process.isRunning {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += String(decoding: chunk, as: UTF8.self)
            if let r = seen.range(of: #"http://127\.0\.0\.1:([0-9]+)/"#, options: .regularExpression) {
                port = UInt16(seen[r].dropFirst("http://127.0.0.1:".count).dropLast())
            }
        }
        drain(out)
        return (port, seen)
    }

    /// Reads and drops the rest of `out` on a thread of its own.
    public static func drain(_ out: Pipe) {
        Thread.detachNewThread { while !out.fileHandleForReading.availableData.isEmpty {} }
    }

    /// What the daemon logged (for failure messages).
    public static func log(_ directory: String) -> String {
        (try? String(contentsOfFile: directory + "/stderr.log", encoding: .utf8)) ?? ""
    }

    /// SIGTERM; SIGKILL if it is still running 5 s later (a test that failed does not hang).
    public static func stop(_ process: Process) {
        if process.isRunning { process.terminate() }
        let end = Date().addingTimeInterval(5)
        while process.isRunning, Date() < end { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
