import Foundation
import TestSupport

/// `mihrab run` on the simulated board with its screen on a free port, for the tests that
/// talk to it over HTTP or point a browser at it.
final class ScreenDaemon: @unchecked Sendable {
    let process = Process()
    let port: UInt16
    let directory: String
    var url: String { "http://127.0.0.1:\(port)/" }

    struct Failure: Error, CustomStringConvertible { let description: String }

    /// Starts it and waits (up to 60 s) for the screen's URL on its standard output.
    init(_ arguments: [String], config: String? = nil) throws {
        directory = NSTemporaryDirectory() + "mihrab-screen-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var args = ["run", "--board", "board/simulated.toml", "--quiet", "--screen", "127.0.0.1:0", "--state-dir", directory] + arguments
        if let config {
            try config.write(toFile: directory + "/mihrab.toml", atomically: true, encoding: .utf8)
            args += ["--config", directory + "/mihrab.toml"]
        }
        process.executableURL = MihrabBinary.url
        process.arguments = args
        process.currentDirectoryURL = MihrabBinary.packageRoot
        let out = Pipe()
        process.standardOutput = out
        FileManager.default.createFile(atPath: directory + "/stderr.log", contents: nil)
        process.standardError = FileHandle(forWritingAtPath: directory + "/stderr.log")
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var seen = ""
        let deadline = Date().addingTimeInterval(60)
        var found: UInt16?
        while found == nil, Date() < deadline, process.isRunning {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += String(decoding: chunk, as: UTF8.self)
            if let r = seen.range(of: #"http://127\.0\.0\.1:([0-9]+)/"#, options: .regularExpression) {
                found = UInt16(seen[r].dropFirst("http://127.0.0.1:".count).dropLast())
            }
        }
        guard let found else {
            process.terminate()
            throw Failure(description: "mihrab run printed no screen URL: \(seen)")
        }
        port = found
        // Keep draining its output so that it never blocks on a full pipe.
        Thread.detachNewThread { while !out.fileHandleForReading.availableData.isEmpty {} }
    }

    /// What it logged (for failure messages).
    var log: String { (try? String(contentsOfFile: directory + "/stderr.log", encoding: .utf8)) ?? "" }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    deinit { stop() }
}
