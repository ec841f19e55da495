import Foundation
import Service
import Testing
import TestSupport
import WebFront
import TOMLKit
@testable import Admin

/// The admin page over real TLS and real HTTP (the web front: NIOSSL and Hummingbird on
/// SwiftNIO), driven with curl.
@Suite("RealTime admin server", .serialized)
struct RealTimeAdminServerTests {
    @Test("No session: GET / is the login page, the API 401; a login gives the dashboard and a strict cookie")
    func login() async throws {
        let h = try await AdminHarness()
        defer { h.remove() }
        let page = try await h.curl("/")
        #expect(page.code == 200)
        #expect(page.body.contains("action=\"/login\""))
        #expect(page.header("Content-Security-Policy") == ["default-src 'none'; style-src 'self' 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'"])
        #expect(page.header("X-Content-Type-Options") == ["nosniff"])
        #expect(page.header("Referrer-Policy") == ["no-referrer"])
        #expect(page.header("Cache-Control") == ["no-store"])
        #expect(try await h.curl("/api/v1/units").code == 401)

        let wrong = try await h.login("not the password")
        #expect(wrong.code == 401)
        #expect(!wrong.header("Set-Cookie").contains { $0.hasPrefix("mihrab_admin=") }, "no session for a wrong password")

        let ok = try await h.login()
        #expect(ok.code == 303)
        let cookie = try #require(ok.header("Set-Cookie").first)
        for attribute in ["mihrab_admin=", "HttpOnly", "Secure", "SameSite=Strict", "Path=/", "Max-Age=1800"] {
            #expect(cookie.contains(attribute), "\(cookie)")
        }
        let dash = try await h.curl("/")
        #expect(dash.code == 200)
        #expect(dash.body.contains("Site settings version 3"))
        #expect(!dash.body.contains("action=\"/login\""))
        let api = try await h.curl("/api/v1/units")
        #expect(api.code == 200)
        #expect(api.body.contains("\"id\":\"hall-1\""))
        let units = try await h.curl("/units")
        #expect(units.body.contains("&lt;b&gt;x&lt;/b&gt;"))
        #expect(!units.body.contains("<b>x</b>"))
        await h.stop()
    }

    @Test("The page speaks the reader's language (Accept-Language), else the unit's: Arabic and Urdu right to left; the form's names stay")
    func languages() async throws {
        let h = try await AdminHarness(backend: FakeBackend(language: "fr"))
        defer { h.remove() }
        let french = try await h.curl("/")
        #expect(french.body.contains("<html lang=\"fr\" dir=\"ltr\">"), "no Accept-Language: the unit's screen language")
        #expect(french.body.contains(">Se connecter</button>"))
        let arabic = try await h.curl("/", ["-H", "Accept-Language: ar-SA,ar;q=0.9,en;q=0.5"])
        #expect(arabic.body.contains("<html lang=\"ar\" dir=\"rtl\">"))
        #expect(arabic.body.contains(">تسجيل الدخول</button>"))
        #expect(arabic.body.contains("name=\"password\""))
        let csrf = AdminHarness.csrf(arabic.body) ?? ""
        let wrong = try await h.curl("/login", ["-H", "Accept-Language: ur", "--data-urlencode", "user=admin", "--data-urlencode", "password=x",
                                                "--data-urlencode", "csrf=\(csrf)"])
        #expect(wrong.code == 401)
        #expect(wrong.body.contains("<html lang=\"ur\" dir=\"rtl\">") && wrong.body.contains("نام یا پاس ورڈ غلط ہے۔"))
        #expect(try await h.login().code == 303)
        let dash = try await h.curl("/", ["-H", "Accept-Language: ar"])
        #expect(dash.body.contains("إصدار إعدادات المسجد 3."), "\(dash.body)")
        #expect(dash.body.contains(">تسجيل الخروج</button>"))
        let form = try await h.curl("/settings", ["-H", "Accept-Language: tr"])
        #expect(form.body.contains("<label for=\"iqamah_dhuhr\">Öğle</label>"), "the screen's name for Dhuhr in Turkish")
        #expect(form.body.contains("name=\"iqamah_dhuhr\" value=\"13:30\""))
        let units = try await h.curl("/units", ["-H", "Accept-Language: ms"])
        #expect(units.body.contains("<td><bdi>dalam talian</bdi></td>"), "online, in Malay")
        #expect(units.body.contains(">Kenal pasti</button>"))
        await h.stop()
    }

    @Test("The login form has its own CSRF token: the right password without it, or with another, is a 403 that opens nothing and counts as no attempt")
    func loginCSRF() async throws {
        let h = try await AdminHarness()
        defer { h.remove() }
        let page = try await h.curl("/")
        let token = try #require(AdminHarness.csrf(page.body))
        let cookie = try #require(page.header("Set-Cookie").first { $0.hasPrefix("mihrab_login=") })
        for attribute in ["mihrab_login=\(token)", "HttpOnly", "Secure", "SameSite=Strict", "Max-Age=600"] { #expect(cookie.contains(attribute), "\(cookie)") }
        let credentials = ["--data-urlencode", "user=admin", "--data-urlencode", "password=\(AdminHarness.password)"]
        // Another site's form: the browser has no login cookie for it (a fresh jar), or the token differs.
        for _ in 0..<12 {
            let forged = try await h.curl("/login", credentials + ["--data-urlencode", "csrf=\(token)"], cookies: false)
            #expect(forged.code == 403)
            #expect(!forged.header("Set-Cookie").contains { $0.hasPrefix("mihrab_admin=") })
        }
        let other = try await h.curl("/login", credentials + ["--data-urlencode", "csrf=" + String(repeating: "a", count: 64)])
        #expect(other.code == 403)
        #expect(try await h.curl("/login", credentials).code == 403)
        #expect(try await h.curl("/api/v1/units").code == 401, "nothing opened")
        // Twelve refused forms were no password attempts: no lockout.
        #expect(try await h.login().code == 303)
        #expect(try await h.curl("/api/v1/units").code == 200)
        await h.stop()
    }

    @Test("Wrong passwords lock the name out from that address only: the right one from another address gets in; many failures from anyone slow logins, never lock them")
    func lockout() async throws {
        // The limits made small (3 a pair, 5 overall; the throttle's own tests take the real ones).
        var logins = LoginThrottle.Limits()
        (logins.perClient, logins.overall, logins.spacing, logins.maximumDelay) = (3, 5, 0.5, 1)
        let h = try await AdminHarness(logins: logins)
        defer { h.remove() }
        for _ in 0..<3 { #expect(try await h.login("wrong password").code == 401) }
        let locked = try await h.login()
        #expect(locked.code == 429)
        #expect(locked.body.contains("locked"))
        #expect(locked.header("Set-Cookie").isEmpty)
        // The admin somewhere else: in at once (the guesser's lockout is the guesser's alone).
        let other = Date()
        #expect(try await h.login(from: "127.0.0.2").code == 303)
        #expect(Date().timeIntervalSince(other) < 5)
        try FileManager.default.removeItem(atPath: h.jar)  // that browser's session gone: the next logins are others'
        // Two more failures under other names from a third address make 5: every login slowed,
        // the right password from a fourth address let in after its turn (half a second here).
        #expect(try await h.login("wrong", user: "imam", from: "127.0.0.3").code == 401)
        #expect(try await h.login("wrong", user: "root", from: "127.0.0.3").code == 401)
        let slowed = Date()
        #expect(try await h.login(from: "127.0.0.4").code == 303)
        #expect(Date().timeIntervalSince(slowed) >= 0.5)
        #expect(h.log.count("(many failures lately: every login slowed)") == 1)
        try FileManager.default.removeItem(atPath: h.jar)
        h.clock.advance(14 * 60)
        #expect(try await h.login().code == 429)
        h.clock.advance(60 + 1)
        #expect(try await h.login().code == 303)
        await h.stop()
    }

    @Test("POST /settings without the CSRF token is a 403; with it, the backend gets TOML with the new iqamah and the answer is a 303")
    func settings() async throws {
        let h = try await AdminHarness()
        defer { h.remove() }
        #expect(try await h.login().code == 303)
        let form = try await h.curl("/settings")
        #expect(form.code == 200)
        #expect(form.body.contains("name=\"iqamah_dhuhr\" value=\"13:30\""))
        let csrf = try #require(AdminHarness.csrf(form.body))
        let fields = ["iqamah_fajr=25", "iqamah_dhuhr=13:45", "iqamah_asr=10", "iqamah_maghrib=7", "iqamah_isha=20", "jumuah=dhuhr", "volume=100"]
        let args = fields.flatMap { ["--data-urlencode", $0] }

        let refused = try await h.curl("/settings", args)
        #expect(refused.code == 403)
        let wrong = try await h.curl("/settings", args + ["--data-urlencode", "csrf=" + String(repeating: "0", count: 64)])
        #expect(wrong.code == 403)
        #expect(h.backend.state.withLock { $0.applied.isEmpty })

        // Made on version 2, while the site is at 3: someone else saved meanwhile.
        #expect(form.body.contains("name=\"base\" value=\"3\""))
        let stale = try await h.curl("/settings", args + ["--data-urlencode", "csrf=\(csrf)", "--data-urlencode", "base=2"])
        #expect(stale.code == 409)
        #expect(stale.body.contains("The settings changed while you were editing (version 2 is now 3)"))
        #expect(stale.body.contains("name=\"iqamah_dhuhr\" value=\"13:30\""), "the settings as they are now")
        #expect(h.backend.state.withLock { $0.applied.isEmpty })

        let saved = try await h.curl("/settings", args + ["--data-urlencode", "csrf=\(csrf)", "--data-urlencode", "base=3"])
        #expect(saved.code == 303)
        #expect(saved.header("Location") == ["/?saved=4"])
        let applied = try #require(h.backend.state.withLock { $0.applied.first })
        #expect(applied.user == "admin")
        #expect(h.log.count("notice admin: admin applied site settings version 4") == 1)
        let t = try TOMLTable(string: applied.toml)
        #expect(t["iqamah"]?["fajr"]?.int == 25)
        #expect(t["iqamah"]?["dhuhr"]?.string == "13:45")
        #expect(t["iqamah"]?["isha"]?.int == 20)
        #expect(t["calculation"]?["method"]?.string == "mwl")
        h.backend.state.withLock { $0.staysHere = true }  // on a site without the key to share it: the page says so
        let here = try await h.curl("/settings", args + ["--data-urlencode", "csrf=\(csrf)", "--data-urlencode", "base=3"])
        #expect(here.header("Location") == ["/?saved=4&here=1"])
        let home = try await h.curl("/?saved=4&here=1")
        #expect(home.body.contains("Settings saved: version 4, applied on this unit only: the site"), "\(home.body)")
        await h.stop()
    }

    @Test("A backend's ConfigError is shown in the form, escaped")
    func configError() async throws {
        let h = try await AdminHarness()
        defer { h.remove() }
        h.backend.state.withLock { $0.error = ConfigError(file: "admin page", line: 2, path: "iqamah.fajr", message: "<script>x</script> & \"y\"") }
        #expect(try await h.login().code == 303)
        let csrf = try #require(AdminHarness.csrf(try await h.curl("/settings").body))
        let r = try await h.curl("/settings", ["--data-urlencode", "iqamah_fajr=999", "--data-urlencode", "csrf=\(csrf)"])
        #expect(r.code == 422)
        #expect(r.body.contains("&lt;script&gt;x&lt;/script&gt; &amp; &quot;y&quot;"), "\(r.body)")
        #expect(!r.body.contains("<script>"))
        #expect(r.body.contains("value=\"999\""))
        await h.stop()
    }

    @Test("Bodies over 16 KiB are 413 (a chunked one 411, unread); bad paths 4xx; wrong methods 405; unknown paths 404")
    func refusals() async throws {
        let h = try await AdminHarness()
        defer { h.remove() }
        let big = h.dir + "/big"
        try Data(repeating: UInt8(ascii: "a"), count: 20000).write(to: URL(fileURLWithPath: big))
        // The server answers without reading the body and closes: a client still sending may see
        // the connection reset (curl's 000) before the answer. A few tries: never a 2xx or 3xx,
        // and the answer itself, once read, is the refusal.
        func refused(_ args: [String]) async throws -> [Int] {
            var codes: [Int] = []
            for _ in 0..<3 {
                codes.append(try await h.curl("/settings", args).code)
                if codes.last != 0 { break }
            }
            return codes
        }
        let large = try await refused(["-H", "Expect:", "--data-binary", "@\(big)"])
        #expect(large.last == 413 && large.allSatisfy { $0 == 413 || $0 == 0 }, "\(large)")
        let chunked = try await refused(["-H", "Expect:", "-H", "Transfer-Encoding: chunked", "--data-binary", "@\(big)"])
        #expect(chunked.last == 411 && chunked.allSatisfy { $0 == 411 || $0 == 0 }, "\(chunked)")
        // Refused on the header alone: a Content-Length of 20000 with the body never sent is a 413 at once.
        #expect(try await h.curl("/settings", ["--max-time", "5", "-H", "Expect:", "-H", "Content-Length: 20000", "--data", "x"]).code == 413)
        for path in ["/../etc/passwd", "/%2e%2e/x", "/%2E%2E/x", "/a\\b", "/x%00"] {
            let r = try await h.curl(path)
            #expect((400..<500).contains(r.code), "\(path): \(r.code)")
        }
        #expect(try await h.curl("/../etc/passwd").code == 400)
        #expect(try await h.curl("/", ["-X", "DELETE"]).code == 405)
        #expect(try await h.curl("/settings", ["-X", "PUT"]).code == 405)
        #expect(try await h.curl("/login").code == 405)
        #expect(try await h.curl("/nothing").code == 404)
        await h.stop()
    }

    @Test("A session ends after session_minutes: the login page again")
    func expiry() async throws {
        let h = try await AdminHarness()
        defer { h.remove() }
        #expect(try await h.login().code == 303)
        #expect(!(try await h.curl("/").body.contains("action=\"/login\"")))
        h.clock.advance(29 * 60)
        #expect(!(try await h.curl("/").body.contains("action=\"/login\"")))
        h.clock.advance(60 + 1)
        #expect(try await h.curl("/").body.contains("action=\"/login\""))
        #expect(try await h.curl("/api/v1/units").code == 401)
        await h.stop()
    }

    @Test("Logout ends the session; commands need the CSRF token and reach the backend with the user")
    func logoutAndCommands() async throws {
        let h = try await AdminHarness()
        defer { h.remove() }
        #expect(try await h.login().code == 303)
        let csrf = try #require(AdminHarness.csrf(try await h.curl("/units").body))
        #expect(try await h.curl("/units/hall-1/identify", ["-X", "POST"]).code == 403)
        let sent = try await h.curl("/units/hall-1/identify", ["--data-urlencode", "csrf=\(csrf)"])
        #expect(sent.code == 303)
        #expect(h.backend.state.withLock { $0.commands.map { "\($0.name) \($0.unit) \($0.user)" } } == ["identify hall-1 admin"])
        #expect(h.log.count("notice admin: admin sent identify to hall-1 (cmd-1)") == 1)
        #expect(try await h.curl("/units?sent=cmd-1").body.contains("Command sent (cmd-1)."))
        #expect(!(try await h.curl("/units?sent=%3Cb%3E").body.contains("Command sent")))
        #expect(try await h.curl("/logout", ["--data-urlencode", "csrf=\(csrf)"]).code == 303)
        #expect(try await h.curl("/").body.contains("action=\"/login\""))
        await h.stop()
    }

    @Test("The certificate is made once and kept: the same fingerprint on a second start; the key is mode 0600")
    func certificate() async throws {
        let h = try await AdminHarness()
        defer { h.remove() }
        let (cert, key) = h.server.certificatePaths
        let first = try Crypto.fingerprint(certificate: cert)
        #expect(try await h.curl("/").code == 200)
        await h.stop()
        let keyMode = try #require(FileManager.default.attributesOfItem(atPath: key)[.posixPermissions] as? Int)
        #expect(keyMode == 0o600)

        let again = try await AdminHarness(dir: h.dir)
        #expect(try Crypto.fingerprint(certificate: cert) == first)
        #expect(try await again.curl("/").code == 200)
        // curl sees the same certificate.
        let r = try await again.curl("/", ["-v"])
        #expect(r.code == 200)
        await again.stop()
    }

    @Test("No password file, or one readable by others: the server starts and every login fails")
    func noPassword() async throws {
        let h = try await AdminHarness(writePassword: false)
        defer { h.remove() }
        #expect(try await h.curl("/").code == 200)
        #expect(try await h.login().code == 401)
        #expect(try await h.login().code == 401)
        #expect(h.log.count("no admin password: set one with mihrab admin passwd") == 1)
        try PasswordFile.setPassword(user: "admin", password: AdminHarness.password, path: h.config.passwordFile)
        chmod(h.config.passwordFile, 0o644)
        #expect(try await h.login().code == 401)
        #expect(h.log.count("readable by others (chmod 600)") == 1)
        chmod(h.config.passwordFile, 0o600)
        #expect(try await h.login().code == 303)
        #expect(h.log.count("notice admin: admin logged in") == 1)
        await h.stop()
    }
}
