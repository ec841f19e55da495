import FoundationEssentials
import Glibc

/// sd_notify without libsystemd: datagrams to $NOTIFY_SOCKET (a path, or an abstract
/// socket when it starts with '@'). Does nothing when not started by systemd.
public final class SystemdNotify: @unchecked Sendable {
    // @unchecked: the socket is written from the daemon's loop only.
    private let fd: Int32
    private var address = sockaddr_un()
    private var length: socklen_t = 0

    /// Nil when $NOTIFY_SOCKET is not set (not under systemd, or not Type=notify).
    public init?(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let path = environment["NOTIFY_SOCKET"], !path.isEmpty, path.utf8.count < 108 else { return nil }
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(path.utf8)
        if bytes.first == UInt8(ascii: "@") { bytes[0] = 0 }  // abstract namespace
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
        }
        length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)
    }

    deinit { close(fd) }

    /// Sends "READY=1", "STATUS=...", "WATCHDOG=1", "STOPPING=1", "RELOADING=1"...
    public func send(_ state: String) {
        let data = Array(state.utf8)
        _ = withUnsafePointer(to: &address) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { sa in
                data.withUnsafeBufferPointer { sendto(fd, $0.baseAddress, $0.count, 0, sa, length) }
            }
        }
    }

    /// The watchdog interval systemd asks for (WATCHDOG_USEC), halved: how often to ping.
    public static func watchdogInterval(environment: [String: String] = ProcessInfo.processInfo.environment) -> Double? {
        guard let usec = environment["WATCHDOG_USEC"].flatMap(Double.init), usec > 0 else { return nil }
        return usec / 2_000_000
    }
}
