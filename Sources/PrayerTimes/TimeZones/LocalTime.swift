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
        // In whole seconds, in integers: the local day and the second within it.
        let local = floorInt(unix) + offset
        var days = local / 86_400
        var s = local - days * 86_400
        if s < 0 { s += 86_400; days -= 1 }
        self.date = CivilDate(daysSinceEpoch: days)
        let u = UInt32(truncatingIfNeeded: s)  // 0..<86 400: narrower divisions
        hour = Int(u / 3600)
        minute = Int(u / 60 % 60)
        second = Int(u % 60)
        self.offset = offset
    }

    /// "2026-03-20T05:05:12+03:00". Written digit by digit (DecimalText); the general
    /// form for a year outside 0...9999 or an offset of 100 hours or more.
    public var iso8601: String {
        guard hasShortISO8601 else { return paddedISO8601 }
        return String(unsafeUninitializedCapacity: 25) { buffer in
            var i = 0
            writeISO8601(buffer, &i)
            return i
        }
    }

    /// `iso8601` appended to a UTF-8 buffer, without a string of its own: for writers that
    /// build a whole document (a year of `mihrab times --format json` has 3,285 of them).
    public func appendISO8601(to bytes: inout [UInt8]) {
        guard hasShortISO8601 else {
            bytes.append(contentsOf: paddedISO8601.utf8)
            return
        }
        var i = bytes.count
        bytes.append(contentsOf: LocalTime.blankISO8601)
        bytes.withUnsafeMutableBufferPointer { writeISO8601($0, &i) }
    }

    private static let blankISO8601 = [UInt8](repeating: 0x20, count: 25)

    /// Whether the timestamp has its usual 25 characters.
    private var hasShortISO8601: Bool { (0...9999).contains(date.year) && abs(offset) < 100 * 3600 }

    @inline(__always)
    private func writeISO8601(_ buffer: UnsafeMutableBufferPointer<UInt8>, _ i: inout Int) {
        let a = abs(offset)
        DecimalText.put(year: date.year, month: date.month, day: date.day, buffer, &i)
        DecimalText.put("T", buffer, &i)
        DecimalText.put(hour, width: 2, buffer, &i)
        DecimalText.put(":", buffer, &i)
        DecimalText.put(minute, width: 2, buffer, &i)
        DecimalText.put(":", buffer, &i)
        DecimalText.put(second, width: 2, buffer, &i)
        DecimalText.put(offset < 0 ? "-" : "+", buffer, &i)
        DecimalText.put(a / 3600, width: 2, buffer, &i)
        DecimalText.put(":", buffer, &i)
        DecimalText.put(a / 60 % 60, width: 2, buffer, &i)
    }

    private var paddedISO8601: String {
        let sign = offset < 0 ? "-" : "+"
        let a = abs(offset)
        return "\(date)T\(two(hour)):\(two(minute)):\(two(second))\(sign)\(two(a / 3600)):\(two(a / 60 % 60))"
    }

    /// "05:05" or, with seconds, "05:05:12".
    public func clock(seconds: Bool) -> String {
        String(unsafeUninitializedCapacity: 8) { buffer in
            var i = 0
            DecimalText.put(hour, width: 2, buffer, &i)
            DecimalText.put(":", buffer, &i)
            DecimalText.put(minute, width: 2, buffer, &i)
            if seconds {
                DecimalText.put(":", buffer, &i)
                DecimalText.put(second, width: 2, buffer, &i)
            }
            return i
        }
    }

    private func two(_ v: Int) -> String { v < 10 ? "0\(v)" : String(v) }
}

extension ZoneRules {
    /// The zone a config or a command line names: "system" (the system's, below) or an IANA
    /// name. Every command and the daemon load their zone here.
    public static func named(_ name: String) throws(LoadError) -> ZoneRules {
        name == "system" ? system() : try load(name)
    }

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
