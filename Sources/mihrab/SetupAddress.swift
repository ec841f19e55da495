import Admin
import Glibc
import Logging
import Platform
import QRCode
import Synchronization
import Service
import UnitModel

/// Where a phone finds the unit in setup mode: its name on the network (avahi answers for
/// `HOST.local`) and its IPv4 addresses, for the setup page's address on its screens.
enum SetupAddress {
    /// The QR code's problem is said once, not at each new code.
    static let qrProblem = Atomic<Bool>(false)

    /// "masjid-noor.local" (the host's name, as avahi announces it); "mihrab.local" when it has none.
    static func hostName() -> String {
        var host = [CChar](repeating: 0, count: 256)
        let name = gethostname(&host, host.count - 1) == 0 ? stringFromCBuffer(host) : ""
        let short = name.split(separator: ".").first.map(String.init) ?? ""
        return (short.isEmpty ? "mihrab" : short) + ".local"
    }

    /// The IPv4 addresses of the interfaces that are up, loopback and link-local left out, in
    /// order; at most `limit`.
    static func addresses(limit: Int = 3) -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var out: [String] = []
        for p in sequence(first: first, next: { $0.pointee.ifa_next }) {
            let a = p.pointee
            guard let sa = a.ifa_addr, sa.pointee.sa_family == sa_family_t(AF_INET), a.ifa_flags & UInt32(IFF_UP) != 0,
                  a.ifa_flags & UInt32(IFF_LOOPBACK) == 0 else { continue }
            let bytes = sa.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { withUnsafeBytes(of: $0.pointee.sin_addr.s_addr) { Array($0) } }
            guard bytes.count == 4, !(bytes[0] == 169 && bytes[1] == 254) else { continue }
            let text = bytes.map(String.init).joined(separator: ".")
            if !out.contains(text) { out.append(text) }
        }
        return Array(out.sorted().prefix(limit))
    }

    /// The setup page's address on `host` at the admin page's port, with the code in it.
    static func url(host: String, port: UInt16, code: String) -> String {
        "https://\(host)\(port == 443 ? "" : ":\(port)")/setup" + (code.isEmpty ? "" : "?code=\(code)")
    }

    /// Setup mode is for a unit with no password file, or one with no user in it. A file that
    /// is there but refused (its mode, a bad line) is not: its logins fail and say why, but it
    /// never opens the setup page to whoever reads the screen.
    static func hasPassword(_ path: String) -> Bool {
        var st = stat()
        guard lstat(path, &st) == 0 else { return errno != ENOENT }
        guard let file = try? PasswordFile.load(path: path) else { return true }
        return !file.entries.isEmpty
    }

    /// The gate of a unit whose admin page listens on `listen`, its password in `passwordFile`.
    static func gate(listen: String, passwordFile: String, logger: Logger) -> SetupGate? {
        guard let address = ListenAddress(listen) else { return nil }
        let port = address.port
        return SetupGate(
            now: { monotonicSeconds() },
            hasPassword: { hasPassword(passwordFile) },
            place: {
                let ips = addresses()
                return ({ code in url(host: hostName(), port: port, code: code) }, ips.map { url(host: $0, port: port, code: "") })
            },
            // The wall screen draws the code from its rows; without libqrencode4 it shows the
            // address and the code alone (said once).
            qr: { url in
                do throws(QRError) { return try QRMatrix.encode(url).rows() } catch {
                    if !qrProblem.exchange(true, ordering: .relaxed) { logger.warning("setup mode: no QR code on the wall screen: \(error)") }
                    return []
                }
            },
            logger: logger)
    }
}
