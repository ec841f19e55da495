import FoundationEssentials
import Glibc
import Dispatch
import HummingbirdCore
import Platform
import Logging
import HTTPTypes

/// POST /login: the password checked under the login throttle.
extension AdminRoutes {
    /// A login form is a name, a password and a token: a few hundred bytes. Anything larger is
    /// refused unread (413), so a client posting slowly to the one page open to anyone holds
    /// its connection for a kilobyte's time at most.
    static let maximumLoginBody = 1024

    /// scrypt (a fraction of a second, 32 MiB) on a thread of its own, one at a time: never on
    /// the shared pool that the screen's server and the rest of the daemon's tasks run on.
    private static let hashing = DispatchQueue(label: "mihrab-admin-scrypt")

    private static func verify(_ file: PasswordFile, user: String, password: String) async -> Bool {
        await withCheckedContinuation { done in
            hashing.async { done.resume(returning: file.verify(user: user, password: password)) }
        }
    }

    /// `client`: the address it came from. Failures lock a name out from that address only; many
    /// failures from anyone make every login wait its turn, a few seconds at most.
    func login(_ fields: [String: String], client: String, _ t: AdminText) async -> Response {
        let user = String((fields["user"] ?? "").trimmingSpaces().prefix(64))
        let password = fields["password"] ?? ""
        switch throttle.attempt(user, from: client) {
        case .locked(let until):
            logger.warning("admin: login as \(PasswordFile.quotedName(user)) from \(client) refused: locked out after too many failures")
            return Self.html(.tooManyRequests, Pages.locked(t, minutes: max(1, Int(((until - throttle.now()) / 60).rounded(.up)))))
        case .busy(let until):
            logger.notice("admin: login as \(PasswordFile.quotedName(user)) from \(client) turned away: logins are being slowed and \(Int(throttle.limits.maximumDelay)) s of them are queued")
            return Self.html(.tooManyRequests, Pages.busy(t, seconds: max(1, Int((until - throttle.now()).rounded(.up)))))
        case .allowed(let delay):
            // A sleeping task holds no thread: the server serves on meanwhile.
            if delay > 0 { try? await Task.sleep(nanoseconds: UInt64(delay * 1e9)) }
        }
        let file = passwords.current()
        let valid = !user.isEmpty && PasswordFile.validUser(user)
        if valid, let file, await Self.verify(file, user: user, password: password) {
            throttle.succeeded(user, from: client)
            let token = sessions.open(user: user)
            logger.notice("admin: \(user) logged in")
            return Self.seeOther("/", cookie: sessions.cookie(token))
        }
        logger.warning("admin: failed login as \(PasswordFile.quotedName(user)) from \(client)\(throttle.isSlowed ? " (many failures lately: every login slowed)" : "")")
        try? await Task.sleep(nanoseconds: UInt64(throttle.failureDelay * 1e9))
        return Self.loginPage(.unauthorized, t, error: t("login.wrong"))
    }
}
