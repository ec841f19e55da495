import Foundation
import Testing
import TestSupport
@testable import Screen
import Service
import UnitModel

/// The daemon's HTTP server, over real sockets: the routes, the errors, what the page embeds.
@Suite("RealTime screen server", .serialized)
struct RealTimeScreenServerTests {
    /// A simulated Friday in Kuala Lumpur, 13:05 local: the clock runs at 1x.
    static func daemon(_ extra: [String] = [], config: String? = nil) throws -> ScreenDaemon {
        try ScreenDaemon(["--speed", "1", "--start", "2026-11-27T13:05", "--tz", "Asia/Kuala_Lumpur", "--lat", "3.139", "--lon", "101.6869"] + extra,
                         config: config)
    }

    @Test("GET /api/v1/screen, /api/v1/times, /healthz; 404 elsewhere, 405 for other methods, one-line errors for bad queries")
    func routes() throws {
        let d = try Self.daemon()
        defer { d.stop() }
        let screen = try RawHTTP.request(port: d.port, "/api/v1/screen")
        #expect(screen.status == 200 && screen.head.contains("application/json"))
        let model = try JSONDecoder().decode(ScreenModel.self, from: Data(screen.body.utf8))
        #expect(model.now.hasPrefix("2026-11-27T13:0") && model.now.hasSuffix("+08:00"), "\(model.now)")
        #expect(model.table.rows.map(\.prayer) == [.fajr, .sunrise, .dhuhr, .asr, .maghrib, .isha])
        #expect(model.dates.gregorian.weekday == 5 && model.table.rows[2].jumuah?.count == 1)

        let times = try RawHTTP.request(port: d.port, "/api/v1/times?date=2026-11-27&days=3")
        #expect(times.status == 200)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(times.body.utf8)) as? [String: Any])
        let days = try #require(doc["days"] as? [[String: Any]])
        #expect(days.map { $0["date"] as? String } == ["2026-11-27", "2026-11-28", "2026-11-29"])
        #expect(doc["zone"] as? String == "Asia/Kuala_Lumpur")
        #expect(days[0]["jumuah"] != nil && days[1]["jumuah"] == nil)

        for bad in ["/api/v1/times?date=2026-13-01", "/api/v1/times?days=0", "/api/v1/times?days=9999", "/api/v1/times?date=%00"] {
            let r = try RawHTTP.request(port: d.port, bad)
            #expect(r.status == 400 && r.body.contains("\"error\"") && !r.body.dropLast().contains("\n"), "\(bad): \(r.status) \(r.body)")
        }
        let health = try RawHTTP.request(port: d.port, "/healthz")
        #expect(health.status == 200 && health.body.contains("\"status\":\"ok\""))
        for path in ["/index.html", "/api/v1", "/../etc/passwd", "/Assets/screen.js", "/api/v1/screen/x"] {
            #expect(try RawHTTP.request(port: d.port, path).status == 404, "\(path)")
        }
        for method in ["POST", "PUT", "DELETE", "PATCH"] {
            let r = try RawHTTP.request(port: d.port, "/api/v1/screen", method: method)
            #expect(r.status == 405, "\(method): \(r.status)")
        }
        // The page: everything inline, a policy that forbids loading anything from elsewhere.
        let page = try RawHTTP.request(port: d.port, "/")
        #expect(page.status == 200 && page.head.contains("text/html"))
        #expect(page.head.contains("Content-Security-Policy: default-src 'none'"))
        #expect(!page.body.contains("http://") && !page.body.contains("https://") && !page.body.contains("//cdn"),
                "the page names an outside address")
        #expect(page.body.contains("<html lang=\"en\" dir=\"ltr\""))
        let arabic = try RawHTTP.request(port: d.port, "/?lang=ar")
        #expect(arabic.body.contains("<html lang=\"ar\" dir=\"rtl\""))
        let unknown = try RawHTTP.request(port: d.port, "/?lang=xx")
        #expect(unknown.body.contains("<html lang=\"en\""))
    }

    @Test("An announcement holding </script> cannot break out of the page's data")
    func scriptInAnnouncement() throws {
        let config = """
            [location]
            source = "fixed"
            latitude = 3.139
            longitude = 101.6869
            [[announcements]]
            text = "</script><script>document.title='owned'</script>"
            """
        let d = try Self.daemon(config: config)
        defer { d.stop() }
        let page = try RawHTTP.request(port: d.port, "/")
        #expect(!page.body.contains("</script><script>document.title"))
        #expect(page.body.contains(#"<\/script><script>document.title='owned'<\/script>"#))
    }

    @Test("The event stream: the model at once, then the unit's time every second")
    func events() throws {
        let d = try Self.daemon()
        defer { d.stop() }
        let reader = try EventStreamReader(port: d.port)
        defer { reader.stop() }
        let deadline = Date().addingTimeInterval(20)
        while reader.count("time") < 3, Date() < deadline { usleep(100_000) }
        let text = reader.received
        #expect(text.contains("text/event-stream"))
        #expect(reader.count("model") >= 1 && reader.count("time") >= 3, "\(text.prefix(400))")
        // The first event is the model, and the times are the unit's (Kuala Lumpur, simulated).
        let model = try #require(text.range(of: "event: model\n"))
        let time = try #require(text.range(of: "event: time\n"))
        #expect(model.lowerBound < time.lowerBound)
        #expect(text.contains(#"{"now":"2026-11-27T13:0"#))
    }
}
