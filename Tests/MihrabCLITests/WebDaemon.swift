import Foundation
import TestSupport

/// `mihrab run` on the simulated board with both web servers on: the wall screen (plain HTTP)
/// and the admin page (HTTPS, its self-signed pair made at start), each on a free port, and an
/// admin password set with `mihrab admin passwd`. `openFiles`: its descriptor limit (ulimit -n).
final class WebDaemon: @unchecked Sendable {
    static let password = "correct horse battery"
    let process = Process()
    let directory: String
    let screenPort: UInt16
    let adminPort: Int

    struct Failure: Error, CustomStringConvertible { let description: String }

    /// `screen`: the screen's address (default: a free port, its URL awaited on standard output;
    /// given, it is not awaited: the port may be taken).
    init(openFiles: Int? = nil, screen: String? = nil) throws {
        directory = NSTemporaryDirectory() + "mihrab-web-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let set = try MihrabBinary.runProgram(MihrabBinary.url, ["admin", "passwd", "--file", directory + "/admin.passwd"],
                                              input: Self.password + "\n", timeout: 30)
        guard set.status == 0 else { throw Failure(description: "admin passwd: \(set.stderr)") }
        try """
            [location]
            source = "fixed"
            latitude = 51.5074
            longitude = -0.1278
            [admin]
            listen = "127.0.0.1:0"
            password_file = "\(directory)/admin.passwd"

            """.write(toFile: directory + "/mihrab.toml", atomically: true, encoding: .utf8)
        let args = ["run", "--board", "board/simulated.toml", "--quiet", "--screen", screen ?? "127.0.0.1:0", "--state-dir", directory,
                    "--config", directory + "/mihrab.toml", "--tz", "Europe/London"]
        if let openFiles {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -n \(openFiles) && exec \"$0\" \"$@\"", MihrabBinary.url.path] + args
        } else {
            process.executableURL = MihrabBinary.url
            process.arguments = args
        }
        let out = try DaemonLaunch.start(process, directory: directory)
        var port = screen.flatMap { UInt16($0.split(separator: ":").last ?? "") }
        var seen = ""
        if port == nil { (port, seen) = DaemonLaunch.screenPort(out, of: process) } else { DaemonLaunch.drain(out) }
        let deadline = Date().addingTimeInterval(60)
        var admin: Int?
        while admin == nil, Date() < deadline, process.isRunning {
            let log = DaemonLaunch.log(directory)
            if let r = log.range(of: #"admin page on https://127\.0\.0\.1:[0-9]+"#, options: .regularExpression) {
                admin = Int(log[r].split(separator: ":").last ?? "")
            } else {
                usleep(50_000)
            }
        }
        guard let port, let admin else {
            if process.isRunning { process.terminate() }
            let log = DaemonLaunch.log(directory)
            throw Failure(description: "mihrab run: no screen URL or admin page (\(seen)) \(log.suffix(1000))")
        }
        (screenPort, adminPort) = (port, admin)
    }

    var log: String { DaemonLaunch.log(directory) }

    /// The daemon's open file descriptors.
    var openFiles: Int { (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.processIdentifier)/fd").count) ?? -1 }

    func stop() { DaemonLaunch.stop(process) }

    deinit { stop() }
}
