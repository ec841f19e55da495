#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A UTC instant seen on a zone's wall clock.
public struct LocalTime: Sendable, Equatable {
    public let date: CivilDate
    public let hour: Int
    public let minute: Int
    public let second: Int
    /// Seconds east of UTC.
    public let offset: Int

    /// `zone` borrowed, not consumed: an initialiser's parameters are owned by default, and
    /// a copy of the rules (retaining their arrays and strings) cost more than the lookup.
    public init(unix: Double, zone: borrowing ZoneRules) {
        let offset = zone.offset(at: unix)
        let whole = (unix).rounded(.down)
        let (date, sod) = civilDateTime(unix: whole, offsetSeconds: offset)
        let s = Int(sod)
        self.date = date
        hour = s / 3600
        minute = s / 60 % 60
        second = s % 60
        self.offset = offset
    }

    /// "2026-03-20T05:05:12+03:00".
    public var iso8601: String {
        let sign = offset < 0 ? "-" : "+"
        let a = abs(offset)
        return "\(date)T\(two(hour)):\(two(minute)):\(two(second))\(sign)\(two(a / 3600)):\(two(a / 60 % 60))"
    }

    /// "05:05" or, with seconds, "05:05:12".
    public func clock(seconds: Bool) -> String {
        seconds ? "\(two(hour)):\(two(minute)):\(two(second))" : "\(two(hour)):\(two(minute))"
    }

    private func two(_ v: Int) -> String { v < 10 ? "0\(v)" : String(v) }
}

extension ZoneRules {
    /// The system's zone: $TZ if it names one, else what /etc/localtime links to, else UTC.
    public static func system() -> ZoneRules {
        if let tz = getenv("TZ").map({ String(cString: $0) }), !tz.isEmpty {
            let name = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
            if let rules = try? load(name) { return rules }
        }
        var buffer = [CChar](repeating: 0, count: 512)
        let n = readlink("/etc/localtime", &buffer, buffer.count - 1)
        if n > 0 {
            let target = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let parts = target.split(separator: "/", omittingEmptySubsequences: true)
            if let i = parts.lastIndex(of: "zoneinfo"),
               let rules = try? load(parts[(i + 1)...].joined(separator: "/")) {
                return rules
            }
        }
        return fixed(offset: 0)
    }
}
