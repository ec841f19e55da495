import Synchronization
import Platform

/// Logged-in sessions: a random 32-byte token in a cookie, a CSRF token per session for every
/// form, and an end `minutes` after login (kept here too: a cookie kept past its Max-Age
/// opens nothing).
public final class Sessions: Sendable {
    public struct Session: Sendable, Equatable {
        public var user: String
        public var csrf: String
        public var expires: Double
    }

    public static let cookieName = "mihrab_admin"
    /// More sessions than this: the oldest goes (a script logging in forever fills nothing).
    static let maximum = 64

    let minutes: Int
    let now: @Sendable () -> Double
    private let sessions = Mutex<[String: Session]>([:])

    public init(minutes: Int, now: @escaping @Sendable () -> Double) {
        self.minutes = max(1, minutes)
        self.now = now
    }

    /// 32 bytes of the system's CSPRNG, hex.
    static func token() -> String {
        var g = SystemRandomNumberGenerator()
        return (0..<32).map { _ in
            let b = UInt8.random(in: .min ... .max, using: &g)
            return String(b >> 4, radix: 16) + String(b & 15, radix: 16)
        }.joined()
    }

    /// A new session for `user`: its token.
    public func open(user: String) -> String {
        let token = Sessions.token()
        let t = now()
        sessions.withLock { all in
            all = all.filter { $0.value.expires > t }
            if all.count >= Sessions.maximum, let oldest = all.min(by: { $0.value.expires < $1.value.expires }) {
                all[oldest.key] = nil
            }
            all[token] = Session(user: user, csrf: Sessions.token(), expires: t + Double(minutes * 60))
        }
        return token
    }

    /// The session of a token, unless it ended (an ended one is forgotten).
    public func session(_ token: String?) -> Session? {
        guard let token, token.utf8.count == 64 else { return nil }
        let t = now()
        return sessions.withLock { all in
            guard let s = all[token] else { return nil }
            guard s.expires > t else { all[token] = nil; return nil }
            return s
        }
    }

    public func close(_ token: String?) {
        guard let token else { return }
        _ = sessions.withLock { $0.removeValue(forKey: token) }
    }

    /// The Set-Cookie value of a new session.
    public func cookie(_ token: String) -> String {
        "\(Sessions.cookieName)=\(token); HttpOnly; Secure; SameSite=Strict; Path=/; Max-Age=\(minutes * 60)"
    }

    /// The Set-Cookie value that ends it in the browser.
    public static let clearCookie = "\(cookieName)=; HttpOnly; Secure; SameSite=Strict; Path=/; Max-Age=0"

    /// The session token from a Cookie header.
    public static func token(fromCookieHeader header: String?) -> String? { cookie(cookieName, in: header) }

    /// A cookie's value from a Cookie header.
    static func cookie(_ name: String, in header: String?) -> String? {
        guard let header else { return nil }
        for part in header.split(separator: ";") {
            let kv = part.trimmingSpaces().split(separator: "=", maxSplits: 1)
            if kv.count == 2, kv[0] == name { return String(kv[1]) }
        }
        return nil
    }

    /// The login form's CSRF token, before there is a session: a random value both in a cookie
    /// and in the form (double submit). Another site can make a browser post the form but
    /// cannot read or set our cookie, so its post never matches (no logging a person in to
    /// someone else's account, no guessing passwords through their browser).
    public static let loginCookieName = "mihrab_login"
    public static func loginCookie(_ value: String) -> String {
        "\(loginCookieName)=\(value); HttpOnly; Secure; SameSite=Strict; Path=/; Max-Age=600"
    }
    static func newLoginToken() -> String { token() }
}
