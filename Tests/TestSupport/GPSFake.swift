import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A real gpsd started by `gpsfake` on a free loopback port, fed from an NMEA log.
/// gpsfake does not exit at the end of the log and may ignore SIGTERM, so its life is
/// bounded by `-W` and it is stopped with SIGKILL (its gpsd child with it).
public final class GPSFake {
    public let port: Int
    private let process: Process

    /// With `loop` the log plays over and over (until stopped), so a client that joins late
    /// still sees every part of it; otherwise once, then `waitSeconds` more.
    public init(log: String, cycleSeconds: Double = 0.2, waitSeconds: Int = 20, port: Int? = nil, loop: Bool = false) throws {
        if let port { self.port = port } else { self.port = try GPSFake.freeLoopbackPort() }
        let exe = "/usr/bin/gpsfake"
        guard FileManager.default.isExecutableFile(atPath: exe) else {
            throw TestSetupError("gpsfake not found at \(exe): install gpsd gpsd-clients python3-gps (make test does)")
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: exe)
        p.arguments = (loop ? [] : ["-1", "-W", String(waitSeconds)]) + ["-q", "-c", String(cycleSeconds), "-P", String(self.port), log]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        process = p
    }

    /// Waits until gpsd accepts connections on the port (gpsfake takes a while to start it
    /// on a loaded machine, and plays its log whether anyone listens or not).
    public func waitUntilListening(timeout: Double = 20) throws {
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { throw TestSetupError("socket() failed") }
            var addr = sockaddr_in()
            addr.sin_family = sa_family_t(AF_INET)
            addr.sin_port = UInt16(port).bigEndian
            addr.sin_addr.s_addr = inet_addr("127.0.0.1")
            let ok = withUnsafePointer(to: &addr) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            close(fd)
            if ok == 0 { return }
            usleep(20_000)
        }
        throw TestSetupError("gpsd (gpsfake) did not listen on port \(port) within \(Int(timeout)) s")
    }

    public func stop() {
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

    public static func freeLoopbackPort() throws -> Int {
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

public struct TestSetupError: Error, CustomStringConvertible {
    public let description: String
    public init(_ d: String) { description = d }
}

/// The NMEA log of the gpsd tests: a 3D fix in Makkah, a loss of fix, a 3D fix in London.
public var gnssTripLog: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("LinuxHALTests/Fixtures/gnss-trip.nmea").path
}
