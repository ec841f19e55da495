import Foundation
import Service
import TestSupport
import Testing
import UnitModel

/// The admin page in the daemon, end to end: an imam logs in on the hall's unit (HTTPS, the
/// password set with `mihrab admin passwd`), changes Dhuhr's iqamah; the hall's wall screen
/// shows it, and the two other units get it through the broker. Real curl, real mosquitto.
@Suite(.serialized, .enabled(if: Mosquitto.available && FileManager.default.isExecutableFile(atPath: "/usr/bin/curl"))) struct RealTimeSiteAdminTests {
    @Test func testAChangeOnTheAdminPageReachesTheScreenAndTheOtherUnits() throws {
        let ids = ["entrance", "hall", "women"]
        let broker = try Mosquitto(units: ids)
        let watch = try BrokerWatch(broker)
        defer { watch.stop(); broker.kill() }
        let passwd = broker.directory + "/admin.passwd"
        let password = "correct horse battery staple"
        let set = try tool(MihrabBinary.url.path, ["admin", "passwd", "--user", "imam", "--file", passwd], input: password + "\n")
        #expect(set.status == 0, Comment(rawValue: set.err))

        let hallExtra = """
        admin_credentials = "\(try broker.credentialsFile("admin"))"
        signing_key = "\(TestSiteKey.file)"
        [admin]
        listen = "127.0.0.1:0"
        password_file = "\(passwd)"
        """
        var units: [SiteUnit] = []
        defer { for u in units { u.killHard() } }
        for id in ids {
            units.append(try SiteUnit(id, broker: broker, start: "2026-03-25T09:00", speed: 1, extra: id == "hall" ? hallExtra : "",
                                      args: id == "hall" ? ["--screen", "127.0.0.1:0"] : []))
        }
        let hall = units[1]
        for id in ids {
            #expect((watch.wait(20) { t, p in t == "mihrab/v1/unit/\(id)/status" && p.contains("\"configVersion\":0") }) != nil, Comment(rawValue: id))
        }
        var adminPort: Int?, screenPort: Int?
        #expect(eventually(20) {
            adminPort = SiteUnit.port(after: "admin page on https://127.0.0.1:", in: hall.log)
            screenPort = SiteUnit.port(after: "Screen: http://127.0.0.1:", in: hall.stdout)
            return adminPort != nil && screenPort != nil
        }, Comment(rawValue: hall.log + hall.stdout))
        let admin = "https://127.0.0.1:\(adminPort ?? 0)"
        let jar = hall.directory + "/cookies"
        func curl(_ url: String, _ args: [String] = []) throws -> (code: Int, body: String) {
            let r = try tool("/usr/bin/curl", ["-sk", "--max-time", "20", "-b", jar, "-c", jar, "-w", "\n%{http_code}"] + args + [url])
            let code = Int(r.out.split(separator: "\n").last ?? "") ?? -1
            return (code, String(r.out.dropLast(String(code).count)))
        }

        // Nothing of the admin on the screen's port; the login page on the admin's.
        #expect((try curl("http://127.0.0.1:\(screenPort ?? 0)/settings").code) == 404)
        #expect((try curl("http://127.0.0.1:\(screenPort ?? 0)/login", ["--data", "user=imam&password=x"]).code) == 405)
        let loginPage = try curl(admin + "/")
        #expect(loginPage.body.contains("name=\"password\""), "the login page")
        let loginToken = try #require(loginPage.body.range(of: #"name="csrf" value="[0-9a-f]{64}""#, options: .regularExpression).map {
            String(loginPage.body[$0].dropLast().suffix(64))
        })
        #expect((try curl(admin + "/login", ["--data-urlencode", "user=imam", "--data-urlencode", "password=\(password)",
                                                   "--data-urlencode", "csrf=\(loginToken)"]).code) == 303)
        let form = try curl(admin + "/settings")
        #expect(form.code == 200)
        let csrf = try #require(form.body.range(of: #"name="csrf" value="[0-9a-f]{64}""#, options: .regularExpression).map {
            String(form.body[$0].dropLast().suffix(64))
        })
        let fields = ["iqamah_fajr=20", "iqamah_dhuhr=13:25", "iqamah_asr=10", "iqamah_maghrib=5", "iqamah_isha=15", "jumuah=13:15",
                      "volume=80", "hijri_offset=1", "ev_name_0=Open day", "ev_kind_0=date", "ev_date_0=2026-03-27", "ev_times_0=10:00",
                      "csrf=\(csrf)"]
        let before = watch.messages.count
        let saved = try curl(admin + "/settings", fields.flatMap { ["--data-urlencode", $0] })
        #expect(saved.code == 303, Comment(rawValue: saved.body))

        // The hall's wall screen: Dhuhr's row with the new iqamah.
        #expect(eventually(5) {
            guard let r = try? curl("http://127.0.0.1:\(screenPort ?? 0)/api/v1/screen"), r.code == 200,
                  let o = try? JSONSerialization.jsonObject(with: Data(r.body.utf8)) as? [String: Any],
                  let rows = (o["table"] as? [String: Any])?["rows"] as? [[String: Any]] else { return false }
            return rows.contains { $0["prayer"] as? String == "dhuhr" && $0["iqamah"] as? String == "2026-03-25T13:25:00+00:00" }
        }, "the screen model shows Dhuhr's iqamah at 13:25\n\(hall.log)")
        // Every unit, through the broker: version 1, Dhuhr's iqamah 13:25, the special event added on the page.
        for id in ids {
            #expect((watch.wait(5, from: before) { t, p in
                guard t == "mihrab/v1/unit/\(id)/status", let s = try? JSONDecoder().decode(StatusReport.self, from: Data(p.utf8)) else { return false }
                return s.site?.configVersion == 1 && s.iqamah?["dhuhr"] == "2026-03-25T13:25:00+00:00"
                    && s.special?.name == "Open day" && s.special?.days == 2
            }) != nil, "\(id) applied the admin page's change\n\(units.map(\.log).joined(separator: "\n"))")
        }
        #expect((watch.wait(0, from: before) { t, p in t == "mihrab/v1/site/central/config" && p.contains("\"by\":\"imam\"") }) != nil, "published to the site as the imam's")
        #expect(hall.log.contains("admin: imam applied site settings version 1"), Comment(rawValue: hall.log))
        // The previous version is kept when the next one is stored: a second change.
        let again = try curl(admin + "/settings", fields.map { $0.replacingOccurrences(of: "13:25", with: "13:35") }.flatMap { ["--data-urlencode", $0] })
        #expect(again.code == 303)
        let previous = try #require(FileManager.default.contents(atPath: hall.directory + "/state/site-settings.previous.json"))
        #expect((try JSONDecoder().decode(SiteSettings.self, from: previous).version) == 1)

        // The units page lists all three, from the broker; a command reaches another unit.
        let list = try curl(admin + "/api/v1/units")
        #expect(list.code == 200)
        for id in ids { #expect(list.body.contains("\"\(id)\""), Comment(rawValue: list.body)) }
        let page = try curl(admin + "/units")
        let token = try #require(page.body.range(of: #"name="csrf" value="[0-9a-f]{64}""#, options: .regularExpression).map {
            String(page.body[$0].dropLast().suffix(64))
        })
        // The same page for an Arabic phone: right to left, each unit online and its next event in Arabic.
        let arabic = try curl(admin + "/units", ["-H", "Accept-Language: ar"])
        #expect(arabic.body.contains("<html lang=\"ar\" dir=\"rtl\">"), Comment(rawValue: arabic.body))
        #expect((arabic.body.components(separatedBy: "<td><bdi>متصل</bdi></td>").count - 1) == 3, Comment(rawValue: arabic.body))
        #expect((arabic.body.components(separatedBy: " الساعة ").count - 1) == 3, "each unit's next event, in Arabic\n\(arabic.body)")
        let b2 = watch.messages.count
        #expect((try curl(admin + "/units/women/identify", ["--data-urlencode", "csrf=\(token)"]).code) == 303)
        #expect((watch.wait(5, from: b2) { t, p in t == "mihrab/v1/unit/women/event" && p.contains("\"command\":\"identify\"") }) != nil, "the women's section's unit answered")
        // A command that changes something goes signed with the site key this unit holds: taken.
        let b3 = watch.messages.count
        #expect((try curl(admin + "/units/women/test-sound", ["--data-urlencode", "csrf=\(token)"]).code) == 303)
        let test = watch.wait(5, from: b3) { t, p in t == "mihrab/v1/unit/women/event" && p.contains("\"command\":\"test-sound\"") }
        #expect((test.map { $0.payload.contains("refused") }) == false, Comment(rawValue: test?.payload ?? "no answer\n\(units[2].log)"))
        #expect(units[2].log.contains("network: command test-sound (id admin-") && units[2].log.contains(", signed"), Comment(rawValue: units[2].log))
        // The broker here takes accounts only, and the page says so.
        #expect(eventually(5) { (try? curl(admin + "/units").body.contains("accounts only")) == true })
    }
}
