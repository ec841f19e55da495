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
        let out = try DaemonLaunch.start(process, directory: directory)
        let (found, seen) = DaemonLaunch.screenPort(out, of: process)
        guard let found else {
            process.terminate()
            throw Failure(description: "mihrab run printed no screen URL: \(seen)")
        }
        port = found
    }

    /// What it logged (for failure messages).
    var log: String { DaemonLaunch.log(directory) }

    func stop() { DaemonLaunch.stop(process) }

    deinit { stop() }
}
