import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A real gpsd started by `gpsfake` on a free loopback port, fed from an NMEA log.
/// gpsfake does not exit at the end of the log and may ignore SIGTERM, so its life is
/// bounded by `-W` and it is stopped with SIGKILL (its gpsd child with it).
final class GPSFake {
    let port: Int
    private let process: Process

    init(log: String, cycleSeconds: Double = 0.2, waitSeconds: Int = 20) throws {
        port = try GPSFake.freeLoopbackPort()
        let exe = "/usr/bin/gpsfake"
        guard FileManager.default.isExecutableFile(atPath: exe) else {
            throw TestSetupError("gpsfake not found at \(exe): install gpsd gpsd-clients python3-gps (make test does)")
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: exe)
        p.arguments = ["-1", "-q", "-W", String(waitSeconds), "-c", String(cycleSeconds), "-P", String(port), log]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        process = p
    }

    func stop() {
        // gpsfake's gpsd runs in its own process; kill both.
        let pid = process.processIdentifier
        let killer = Process()
        killer.executableURL = URL(fileURLWithPath: "/usr/bin/pkill")
        killer.arguments = ["-KILL", "-f", "gpsd .*-S \(port)( |$)"]
        try? killer.run()
        killer.waitUntilExit()
        kill(pid, SIGKILL)
        process.waitUntilExit()
    }

    deinit { if process.isRunning { stop() } }

    static func freeLoopbackPort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestSetupError("socket() failed") }
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = 0
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw TestSetupError("bind() failed") }
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &len) }
        }
        guard named == 0 else { throw TestSetupError("getsockname() failed") }
        return Int(UInt16(bigEndian: addr.sin_port))
    }
}

struct TestSetupError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}

func fixturePath(_ name: String, file: String = #filePath) -> String {
    URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").path
}
