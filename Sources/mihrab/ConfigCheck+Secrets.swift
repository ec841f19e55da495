import Admin
import FoundationEssentials
import Glibc
import Service
import SiteLink
import UnitModel

/// The files a config names beside itself (the broker logins, the site key's private half,
/// the broker's CA, the admin page's password file and certificate), read as `mihrab run`
/// reads them: the same refusals (a FIFO, a file others may read, a key that is not the
/// private half of `site_key`), so that `config check` passes only what `run` takes.
extension ConfigCommand.ConfigCheck {
    static func checkFiles(_ c: SiteConfig) throws {
        func fail(_ line: String) -> CommandError { CommandError(line, exitCode: .config) }
        let n = c.network
        do throws(MQTTError) {
            if !n.credentials.isEmpty { _ = try MQTTCredentials.load(n.credentials) }
            if !n.adminCredentials.isEmpty { _ = try MQTTCredentials.load(n.adminCredentials) }
            _ = try RunCommand.signingKey(n)
        } catch {
            throw fail("network: \(error)")
        }
        if !n.caFile.isEmpty, case .failure(let problem) = readSmallFile(n.caFile, limit: 1 << 20) {
            throw fail("network.ca_file: \(n.caFile): \(problem)")
        }
        guard !c.admin.listen.isEmpty else { return }
        // No password file yet is a unit in setup mode (its screens show the setup page and its code).
        var st = stat()
        let passwords = c.admin.passwordFile(state: c.stateDirectory)
        if lstat(passwords, &st) == 0 {
            do throws(AdminError) { _ = try PasswordFile.load(path: passwords) } catch { throw fail("admin.password_file: \(error)") }
        }
        for (key, path) in [("certificate", c.admin.certificate), ("key", c.admin.key)] where !path.isEmpty {
            if case .failure(let problem) = readSmallFile(path, limit: 1 << 20) { throw fail("admin.\(key): \(path): \(problem)") }
        }
    }
}
