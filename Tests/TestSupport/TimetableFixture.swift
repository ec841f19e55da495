import Foundation

/// A year of London-like timetable rows made from a smooth model of the seasons (not from
/// the prayer-time engine, so the tests judge the timetable code against data of their own):
/// day length, noon and twilights follow a cosine over the year, summer time (BST) runs from
/// the last Sunday of March to the last Sunday of October.
public enum TimetableFixture {
    public struct Row {
        public let date: String  // YYYY-MM-DD
        public let year: Int, month: Int, day: Int
        /// Minutes after local midnight.
        public let fajr: Int, sunrise: Int, dhuhr: Int, asr: Int, asrHanafi: Int, maghrib: Int, isha: Int
        public let fajrJamaah: Int, dhuhrJamaah: Int, asrJamaah: Int, maghribJamaah: Int, ishaJamaah: Int
        public let summerTime: Bool
    }

    static func daysIn(_ year: Int, _ month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// 0 = Sunday (Zeller's congruence).
    static func weekday(_ y: Int, _ m: Int, _ d: Int) -> Int {
        let mm = m < 3 ? m + 12 : m, yy = m < 3 ? y - 1 : y
        let h = (d + 13 * (mm + 1) / 5 + yy % 100 + yy % 100 / 4 + yy / 100 / 4 + 5 * (yy / 100)) % 7
        return (h + 6) % 7
    }

    static func lastSunday(_ y: Int, _ m: Int) -> Int {
        var d = daysIn(y, m)
        while weekday(y, m, d) != 0 { d -= 1 }
        return d
    }

    /// Every day of `year`; `standard`: the times in GMT all year (no summer hour added).
    public static func rows(year: Int, standard: Bool = false) -> [Row] {
        var out: [Row] = []
        let springDay = lastSunday(year, 3), autumnDay = lastSunday(year, 10)
        var dayOfYear = 0
        for month in 1...12 {
            for day in 1...daysIn(year, month) {
                defer { dayOfYear += 1 }
                let theta = 2 * Double.pi * Double(dayOfYear - 171) / 365.25  // 0 at midsummer
                let c = cos(theta)
                let noon = 12 * 60 + 3 + Int((7 * sin(2 * theta)).rounded())
                let half = Int(((6.12 + 2.2 * c) * 60).rounded())
                let summer = (month > 3 && month < 10) || (month == 3 && day >= springDay) || (month == 10 && day < autumnDay)
                let shift = summer && !standard ? 60 : 0
                let sunrise = noon - half, maghrib = noon + half + 2
                let fajr = sunrise - Int(100 + 20 * c), isha = maghrib + Int(100 + 20 * c)
                let asr = noon + Int(100 + 80 * (1 + c)), asrHanafi = asr + Int(35 + 12 * (1 + c))
                out.append(Row(date: String(format: "%04d-%02d-%02d", year, month, day), year: year, month: month, day: day,
                               fajr: fajr + shift, sunrise: sunrise + shift, dhuhr: noon + shift, asr: asr + shift,
                               asrHanafi: asrHanafi + shift, maghrib: maghrib + shift, isha: isha + shift,
                               fajrJamaah: fajr + 20 + shift, dhuhrJamaah: noon + 25 + shift, asrJamaah: asr + 12 + shift,
                               maghribJamaah: maghrib + 5 + shift, ishaJamaah: isha + 18 + shift, summerTime: summer))
            }
        }
        return out
    }

    public static func hhmm(_ m: Int) -> String { String(format: "%02d:%02d", m / 60, m % 60) }

    /// London Unified Prayer Times as published: an object whose `days` lists
    /// `{date, fajr, fajr_jamaah, sunrise, dhuhr, dhuhr_jamaah, asr, asr_hanafi, asr_jamaah,
    /// maghrib, maghrib_jamaah, isha, isha_jamaah}`, local clock times, one day a line.
    public static func londonJSON(_ rows: [Row]) -> String {
        let days = rows.map { r in
            "    {\"date\": \"\(r.date)\", \"fajr\": \"\(hhmm(r.fajr))\", \"fajr_jamaah\": \"\(hhmm(r.fajrJamaah))\", " +
                "\"sunrise\": \"\(hhmm(r.sunrise))\", \"dhuhr\": \"\(hhmm(r.dhuhr))\", \"dhuhr_jamaah\": \"\(hhmm(r.dhuhrJamaah))\", " +
                "\"asr\": \"\(hhmm(r.asr))\", \"asr_hanafi\": \"\(hhmm(r.asrHanafi))\", \"asr_jamaah\": \"\(hhmm(r.asrJamaah))\", " +
                "\"maghrib\": \"\(hhmm(r.maghrib))\", \"maghrib_jamaah\": \"\(hhmm(r.maghribJamaah))\", " +
                "\"isha\": \"\(hhmm(r.isha))\", \"isha_jamaah\": \"\(hhmm(r.ishaJamaah))\"}"
        }
        return "{\n  \"city\": \"london\",\n  \"days\": [\n" + days.joined(separator: ",\n") + "\n  ]\n}\n"
    }

    public static let simpleHeader = "date,fajr,fajr_iqamah,sunrise,dhuhr,dhuhr_iqamah,asr,asr_iqamah,maghrib,maghrib_iqamah,isha,isha_iqamah"

    /// The simple layout: `date,fajr,fajr_iqamah,sunrise,...`, one line a day after the header.
    public static func simpleCSV(_ rows: [Row], comments: [String] = []) -> String {
        var out = comments.map { "# \($0)\n" }.joined() + simpleHeader + "\n"
        for r in rows {
            out += [r.date, hhmm(r.fajr), hhmm(r.fajrJamaah), hhmm(r.sunrise), hhmm(r.dhuhr), hhmm(r.dhuhrJamaah), hhmm(r.asr),
                    hhmm(r.asrJamaah), hhmm(r.maghrib), hhmm(r.maghribJamaah), hhmm(r.isha), hhmm(r.ishaJamaah)]
                .joined(separator: ",") + "\n"
        }
        return out
    }

    /// A fresh temporary file holding `text`.
    public static func write(_ text: String, name: String) throws -> String {
        let dir = NSTemporaryDirectory() + "mihrab-timetable-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let path = dir + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }
}
