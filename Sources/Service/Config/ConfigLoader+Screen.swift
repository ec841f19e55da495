import PrayerTimes
import TOMLKit
import UnitModel

extension SiteConfig {
    mutating func readScreen(_ root: TableReader) throws(ConfigError) {
        if let t = try root.subtable("screen") {
            var s = screen
            if let v = try t.string("listen") {
                if !v.isEmpty, ListenAddress(v) == nil {
                    throw t.error("listen", "\(quoted(v)) is not \"ADDRESS:PORT\" (e.g. \"127.0.0.1:8080\", \"0.0.0.0:8080\", \"[::1]:8080\"), or \"\" for no server")
                }
                s.listen = v
            }
            if let v = try t.string("language") {
                guard ScreenConfig.languages.contains(v) else {
                    throw t.error("language", "\(quoted(v)) is not one of \(ScreenConfig.languages.map { "\"\($0)\"" }.joined(separator: ", "))")
                }
                s.language = v
            }
            if let v = try t.choice("digits", ScreenConfig.Digits.self) { s.digits = v }
            if let v = try t.choice("clock", ScreenConfig.ClockFormat.self) { s.clock = v }
            if let v = try t.choice("layout", ScreenConfig.Layout.self) { s.layout = v }
            if let v = try t.string("title") { s.title = v.isEmpty ? nil : String(v.prefix(200)) }
            if let v = try t.string("on") {
                let parts = v.split(separator: "-", omittingEmptySubsequences: false)
                guard parts.count == 2, let from = TableReader.minutes(String(parts[0])), let to = TableReader.minutes(String(parts[1])) else {
                    throw t.error("on", "\(quoted(v)) is not screen hours as \"HH:MM-HH:MM\" (e.g. \"04:00-23:30\")")
                }
                s.on = from == to ? nil : Quiet(from: from, to: to)
            }
            if let v = try t.choice("hijri_changes_at", ScreenConfig.HijriChange.self) { s.hijriChangesAt = v }
            if let v = try t.bool("reminder") { s.reminder = v }
            if let v = try t.double("adhan_minutes", in: 0...30) { s.adhanSeconds = v * 60 }
            if let v = try t.double("silence_minutes", in: 0...10) { s.silenceSeconds = v * 60 }
            if let v = try t.double("prayer_minutes", in: 0...60) { s.prayerSeconds = v * 60 }
            if let v = try t.double("jumuah_prayer_minutes", in: 0...120) { s.jumuahPrayerSeconds = v * 60 }
            if let v = try t.int("khutbah_minutes", in: 0...120) { s.khutbahSeconds = Double(v) * 60 }
            if let v = try t.double("after_prayer_minutes", in: 0...60) { s.afterPrayerSeconds = v * 60 }
            if let v = try t.double("event_countdown_minutes", in: 0...120) { s.eventCountdownSeconds = v * 60 }
            if let v = try t.int("event_days_ahead", in: 0...Planner.specialsHorizonDays) { s.eventDaysAhead = v }
            if let v = try t.bool("show_forbidden") { s.showForbidden = v }
            if let v = try t.bool("show_duha") { s.showDuha = v }
            if let v = try t.int("forbidden_after_sunrise_minutes", in: 0...60) { s.forbiddenMinutes.afterSunrise = v }
            if let v = try t.int("forbidden_before_dhuhr_minutes", in: 0...60) { s.forbiddenMinutes.beforeTransit = v }
            if let v = try t.int("forbidden_before_sunset_minutes", in: 0...60) { s.forbiddenMinutes.beforeSunset = v }
            if let v = try t.string("azkar") { s.azkar = v.isEmpty ? nil : String(v.prefix(2000)) }
            try t.finish()
            screen = s
        }
        if let list = try root.array("announcements") {
            announcements = []
            for (i, v) in list.enumerated() {
                guard let a = v.table else { throw root.error("announcements", "must be [[announcements]] tables with text (and from, to, qr)") }
                let t = TableReader(a, path: "announcements[\(i)]", file: root.file, lines: root.lines)
                guard let text = try t.string("text"), !text.isEmpty else { throw t.error("text", "is missing (the text to show)") }
                let from = try t.localMinute("from", endOfDay: false)
                let to = try t.localMinute("to", endOfDay: true)
                let qr = try t.string("qr")
                if let qr {
                    guard !qr.isEmpty, qr.utf8.count <= Announcement.maximumQRBytes else {
                        throw t.error("qr", "must be 1 to \(Announcement.maximumQRBytes) bytes (an address such as \"https://example.org/donate\"); got \(qr.utf8.count)")
                    }
                    guard !qr.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == " " }) else {
                        throw t.error("qr", "\(quoted(String(qr.prefix(60)))) holds a space or a control character: one address, no spaces")
                    }
                }
                try t.finish()
                announcements.append(Announcement(text: String(text.prefix(500)), from: from, to: to, qr: qr))
            }
        }
    }
}

extension TableReader {
    /// "YYYY-MM-DD" or "YYYY-MM-DDTHH:MM" (a space for the T is fine). A date alone is the
    /// start of that day, or with `endOfDay` the end of it (an announcement "to" a date
    /// shows all that day).
    func localMinute(_ key: String, endOfDay: Bool) throws(ConfigError) -> LocalMinute? {
        guard has(key) else { return nil }
        // A TOML date written without quotes is not a string: say how to write it.
        guard let s = try? string(key) else {
            throw error(key, "must be a quoted local date or time, \"YYYY-MM-DD\" or \"YYYY-MM-DDTHH:MM\"")
        }
        let parts = s.split(whereSeparator: { $0 == "T" || $0 == " " })
        if parts.count == 1, let d = CivilDate(iso: parts[0]) {
            return endOfDay ? LocalMinute(date: d.adding(days: 1), minute: 0) : LocalMinute(date: d, minute: 0)
        }
        if parts.count == 2, let d = CivilDate(iso: parts[0]), let m = TableReader.minutes(String(parts[1])) {
            return LocalMinute(date: d, minute: m)
        }
        throw error(key, "\(quoted(s)) is not a local date or time, \"YYYY-MM-DD\" or \"YYYY-MM-DDTHH:MM\"")
    }
}

/// "ADDRESS:PORT": an IPv4 address, "[IPv6]" or "localhost", and a port (0: any free one, for tests).
public struct ListenAddress: Sendable, Equatable {
    public var host: String
    public var port: UInt16
    public var isIPv6: Bool

    public init?(_ s: String) {
        guard let colon = s.lastIndex(of: ":"), let port = UInt16(s[s.index(after: colon)...]) else { return nil }
        var host = String(s[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") {
            host = String(host.dropFirst().dropLast())
            guard !host.isEmpty, host.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }), host.contains(":") else { return nil }
            isIPv6 = true
        } else if host == "localhost" {
            host = "127.0.0.1"
            isIPv6 = false
        } else {
            let octets = host.split(separator: ".", omittingEmptySubsequences: false)
            guard octets.count == 4, octets.allSatisfy({ $0.count <= 3 && UInt8($0) != nil }) else { return nil }
            isIPv6 = false
        }
        self.host = host
        self.port = port
    }

    public var isLoopback: Bool { isIPv6 ? host == "::1" : host.hasPrefix("127.") }
}
