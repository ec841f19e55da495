import FoundationEssentials
import Glibc
import Logging
import Synchronization

/// The password file, read again at each login (a password set with `mihrab admin passwd`
/// counts at once, no restart), its problems logged once each.
final class PasswordSource: Sendable {
    let path: String
    let logger: Logger
    private let logged = Mutex<Set<String>>([])

    init(path: String, logger: Logger) {
        (self.path, self.logger) = (path, logger)
    }

    /// The file, or nil (every login fails) when it is missing, refused or empty.
    func current() -> PasswordFile? {
        do {
            let file = try PasswordFile.load(path: path)
            for w in file.warnings { once(w) { logger.warning("\($0)") } }
            if file.entries.isEmpty {
                once("empty") { _ in logger.warning("no admin password: set one with mihrab admin passwd (\(path) has no user)") }
                return nil
            }
            return file
        } catch {
            if access(path, F_OK) != 0 {
                once("missing") { _ in logger.warning("no admin password: set one with mihrab admin passwd (\(path) is missing)") }
            } else {
                once(error.description) { logger.error("\($0)") }
            }
            return nil
        }
    }

    private func once(_ key: String, _ log: (String) -> Void) {
        let first = logged.withLock { $0.insert(key).inserted }
        if first { log(key) }
    }
}
