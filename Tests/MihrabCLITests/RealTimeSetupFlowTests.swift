import Foundation
import TestSupport
import Testing

/// Set up from a phone, against the real daemon: a unit in London with its admin page on and
/// no password is in setup mode. The code is read off the wall screen (its JSON and its QR
/// code, decoded by zbar from the image); a wrong code is refused, then throttled; bad answers
/// are refused with one line and nothing stored; the right code and good answers (Cairo, the
/// Egyptian method) set everything, a reload applies it, and the next adhan is Cairo's Dhuhr.
@Suite("RealTime setup from a phone", .serialized)
struct RealTimeSetupFlowTests {
    static let password = "correct horse battery"
    /// Cairo's Dhuhr on 1 June 2026 by the Egyptian General Authority of Survey's method, as
    /// `mihrab times --lat 30.0626 --lon 31.2497 --tz Africa/Cairo --method egypt` computes it at
    /// GeoNames' position of Cairo, the one the setup page's search offers
    /// (the method's accuracy is held to the authorities' tables by PrayerTimesTests; this test
    /// holds the daemon to it after a setup). 12:53 in Cairo (UTC+3 in summer) is 10:53 in London.
    static let start = "2026-06-01T10:52"
    static let speed = 2.0

    func curl(_ port: Int, _ path: String, _ args: [String] = []) throws -> (code: Int, body: String) {
        let r = try MihrabBinary.runProgram(URL(fileURLWithPath: "/usr/bin/curl"),
                                            ["-sk", "--max-time", "20", "-w", "\n%{http_code}"] + args + ["https://127.0.0.1:\(port)\(path)"],
                                            timeout: 30)
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        return (Int(lines.last ?? "") ?? 0, lines.dropLast().joined(separator: "\n"))
    }

    /// The wall screen's plain HTTP (curl: Foundation reads no http URL on Linux).
    func get(_ port: UInt16, _ path: String, to file: String? = nil) throws -> String {
        let r = try MihrabBinary.runProgram(URL(fileURLWithPath: "/usr/bin/curl"),
                                            ["-s", "--max-time", "10"] + (file.map { ["-o", $0] } ?? []) + ["http://127.0.0.1:\(port)\(path)"], timeout: 20)
        return r.stdout
    }

    func screen(_ port: UInt16) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(try get(port, "/api/v1/screen").utf8)) as? [String: Any])
    }

    /// The form's fields, urlencoded by curl.
    func form(_ fields: [(String, String)]) -> [String] {
        fields.flatMap { ["--data-urlencode", "\($0.0)=\($0.1)"] }
    }

    /// `place`: the fields of the link the page's search offered (place, country, lat, lon, tz, method).
    func answers(code: String, place: [(String, String)], title: String = "Masjid Al-Noor", fajr: String = "20") -> [(String, String)] {
        [("code", code), ("user", "imam"), ("password", Self.password), ("password2", Self.password)] + place + [
         ("iqamah_fajr", fajr), ("iqamah_dhuhr", "15"), ("iqamah_asr", "15"), ("iqamah_maghrib", "7"), ("iqamah_isha", "15"),
         ("language", "ar"), ("title", title)]
    }

    @Test("The code from the screen and its QR image; a wrong one refused and throttled; bad answers refused; the right one sets the unit and Cairo's Dhuhr sounds")
    func wholeFlow() throws {
        let dir = NSTemporaryDirectory() + "mihrab-setup-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try """
            [location]
            source = "fixed"
            latitude = 51.5074
            longitude = -0.1278
            [time]
            zone = "Europe/London"
            [admin]
            listen = "127.0.0.1:0"

            """.write(toFile: dir + "/mihrab.toml", atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = MihrabBinary.url
        process.arguments = ["run", "--board", "board/simulated.toml", "--quiet", "--screen", "127.0.0.1:0", "--state-dir", dir,
                             "--config", dir + "/mihrab.toml", "--start", Self.start, "--speed", String(Self.speed),
                             "--record", dir + "/record.jsonl"]
        let out = try DaemonLaunch.start(process, directory: dir)
        defer { DaemonLaunch.stop(process) }
        let (screenPort, seen) = DaemonLaunch.screenPort(out, of: process)
        let port = try #require(screenPort, "no screen URL: \(seen) \(DaemonLaunch.log(dir).suffix(800))")
        var admin: Int?
        let deadline = Date().addingTimeInterval(30)
        while admin == nil, Date() < deadline {
            let log = DaemonLaunch.log(dir)
            if let r = log.range(of: #"admin page on https://127\.0\.0\.1:[0-9]+"#, options: .regularExpression) {
                admin = Int(log[r].split(separator: ":").last ?? "")
            } else { usleep(50_000) }
        }
        let adminPort = try #require(admin, "no admin page: \(DaemonLaunch.log(dir).suffix(800))")

        // The code, from the wall screen's JSON and from its QR image read by a real decoder.
        let setup = try #require(try screen(port)["setup"] as? [String: Any], "not in setup mode")
        let code = try #require(setup["code"] as? String)
        let url = try #require(setup["url"] as? String)
        #expect(url.hasSuffix("/setup?code=\(code)"), "\(url)")
        _ = try get(port, "/setup-qr.svg", to: dir + "/qr.svg")
        let png = try MihrabBinary.runProgram(URL(fileURLWithPath: "/usr/bin/rsvg-convert"), ["-w", "400", "-o", dir + "/qr.png", dir + "/qr.svg"], timeout: 30)
        #expect(png.status == 0, "\(png.stderr)")
        let read = try MihrabBinary.runProgram(URL(fileURLWithPath: "/usr/bin/zbarimg"), ["--raw", "-q", dir + "/qr.png"], timeout: 30)
        #expect(read.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == url)

        // In setup mode the page serves /setup; the login page sends there.
        #expect(try curl(adminPort, "/").code == 303)
        #expect(try curl(adminPort, "/setup?code=\(code)").code == 200)
        // The place found by name, as a phone would: the first match's link carries its
        // position, zone and the method its country's authority uses.
        let found = try curl(adminPort, "/setup?code=\(code)&q=cairo")
        let link = try #require(found.body.range(of: #"href="/setup\?[^"]*place=Cairo[^"]*""#, options: .regularExpression).map { String(found.body[$0]) },
                                "\(found.body.suffix(600))")
        let query = link.dropFirst(#"href="/setup?"#.count).dropLast().replacingOccurrences(of: "&amp;", with: "&")
        let place = query.split(separator: "&").compactMap { pair -> (String, String)? in
            let kv = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
            return kv.count == 2 && kv[0] != "code" ? (kv[0], kv[1]) : nil
        }
        let fields = Dictionary(place, uniquingKeysWith: { a, _ in a })
        #expect(fields["country"] == "EG" && fields["tz"] == "Africa/Cairo" && fields["method"] == "egypt", "\(fields)")
        // Cairo's position within 0.05 degree of 30.0444 N, 31.2357 E (Wikipedia).
        #expect(abs((Double(fields["lat"] ?? "") ?? 0) - 30.0444) < 0.05 && abs((Double(fields["lon"] ?? "") ?? 0) - 31.2357) < 0.05, "\(fields)")

        // A wrong code: refused, nothing stored; at once again: throttled.
        let wrong = code == "AAAAAA" ? "BBBBBB" : "AAAAAA"
        let first = try curl(adminPort, "/setup", form(answers(code: wrong, place: place)))
        #expect(first.body.contains("not the code"), "\(first.code) \(first.body.suffix(300))")
        let second = try curl(adminPort, "/setup", form(answers(code: wrong, place: place)))
        #expect(second.code == 429, "\(second.code)")
        Thread.sleep(forTimeInterval: 2.5)  // the address's wait after its second wrong code

        // Bad answers with the right code: one line each, nothing stored.
        for (fields, says) in [(answers(code: code, place: place, title: "Masjid\u{7}"), "control character"),
                               (answers(code: code, place: place, fajr: "500"), "iqamah"),
                               (answers(code: code, place: place, title: String(repeating: "x", count: 300)), "title")] {
            let r = try curl(adminPort, "/setup", form(fields))
            #expect(r.code == 422, "\(says): \(r.code)")
            #expect(r.body.localizedCaseInsensitiveContains(says), "\(says): \(r.body.suffix(400))")
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/admin.passwd"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/site-settings.json"))

        // The right code and good answers: stored, reloaded, setup mode over.
        let done = try curl(adminPort, "/setup", form(answers(code: code, place: place)))
        #expect(done.code == 200, "\(done.code) \(done.body.suffix(400))")
        #expect(FileManager.default.fileExists(atPath: dir + "/admin.passwd"))
        var model: [String: Any] = [:]
        let until = Date().addingTimeInterval(15)
        repeat {
            model = try screen(port)
            if model["setup"] == nil, model["title"] as? String == "Masjid Al-Noor" { break }
            usleep(100_000)
        } while Date() < until
        #expect(model["setup"] == nil, "still in setup mode")
        #expect(model["title"] as? String == "Masjid Al-Noor" && model["language"] as? String == "ar")
        #expect(DaemonLaunch.log(dir).contains("setup mode ended"))
        #expect(try curl(adminPort, "/").code == 200, "the login page again")
        #expect(try curl(adminPort, "/setup").code == 303)

        // The next adhan: Cairo's Dhuhr (12:53 in Cairo), on time.
        var dhuhr: [String: Any]?
        let adhanBy = Date().addingTimeInterval(60 / Self.speed + 30)
        while dhuhr == nil, Date() < adhanBy {
            dhuhr = RecordTiming.events(dir + "/record.jsonl").first { $0["event"] as? String == "adhan" && $0["state"] as? String == "fired" }
            if dhuhr == nil { usleep(200_000) }
        }
        let fired = try #require(dhuhr, "no adhan: \(DaemonLaunch.log(dir).suffix(800))")
        #expect(fired["prayer"] as? String == "dhuhr")
        // The record keeps the zone it started in (London's 10:53 is Cairo's 12:53).
        let scheduled = (fired["scheduled"] as? String).flatMap(ISO8601DateFormatter().date(from:))
        #expect(scheduled == ISO8601DateFormatter().date(from: "2026-06-01T12:53:00+03:00"), "\(fired)")
        let late = try #require(RecordTiming.lateness(fired, start: RecordTiming.start(Self.start, zone: "Europe/London"), speed: Self.speed))
        #expect(abs(late) < 1.0, "\(late) s late in real time")
    }
}
