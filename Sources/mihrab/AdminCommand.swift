import Admin
import ArgumentParser
import FoundationEssentials
import Glibc
import Platform
import UnitModel

struct AdminCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "admin", abstract: "The admin page ([admin] in the config).", subcommands: [Passwd.self])

    struct Passwd: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "passwd",
            abstract: "Set a user's password for the admin page (read from stdin; twice, unechoed, on a terminal).")
        @Option(help: "The user (1 to 64 letters, digits, \".\", \"-\", \"_\").") var user = "admin"
        @Option(help: "The password file (written with mode 0600); by default the config's [admin] password_file, else admin.passwd in its state directory.")
        var file: String?
        @Option(help: "The unit's config, for the password file's place.") var config = "/etc/mihrab/mihrab.toml"
        @Option(help: "Run as root: the file's owner, the unit's user that reads it (default: the owner it had, else mihrab when that user exists).")
        var owner: String?

        func validate() throws {
            guard PasswordFile.validUser(user) else {
                throw ValidationError("--user must be 1 to 64 letters, digits, \".\", \"-\" or \"_\" (got \(PasswordFile.quotedName(user)))")
            }
            guard file?.isEmpty != true else { throw ValidationError("--file must name a file") }
        }

        func run() throws {
            let site = file == nil && access(config, F_OK) == 0 ? try loadConfig(config, lenientSounds: true) : SiteConfig()
            let file = file ?? site.admin.passwordFile(state: site.stateDirectory)
            let password: String
            if isatty(STDIN_FILENO) == 1 {
                let first = try Self.readHidden("New admin password for \(user): ")
                try Self.check(first)
                let second = try Self.readHidden("Again: ")
                guard first == second else { throw CommandError("admin passwd: the two passwords differ; nothing changed", exitCode: .dataError) }
                password = first
            } else {
                guard let line = readLine(strippingNewline: true) else {
                    throw CommandError("admin passwd: no password on stdin; nothing changed", exitCode: .dataError)
                }
                password = line.hasSuffix("\r") ? String(line.dropLast()) : line
                try Self.check(password)
            }
            // The daemon reads the file as the unit's user: a file root writes stays that user's.
            var before = stat()
            let existed = stat(file, &before) == 0
            var to: (uid_t, gid_t)? = existed ? (before.st_uid, before.st_gid) : nil
            if let owner {
                guard let pw = getpwnam(owner) else { throw CommandError("admin passwd: --owner \(PasswordFile.quotedName(owner)) is not a user", exitCode: .validationFailure) }
                to = (pw.pointee.pw_uid, pw.pointee.pw_gid)
            } else if !existed, geteuid() == 0, let pw = getpwnam("mihrab") {
                to = (pw.pointee.pw_uid, pw.pointee.pw_gid)
            }
            do {
                try PasswordFile.setPassword(user: user, password: password, path: file)
            } catch {
                throw CommandError("admin passwd: \(error.description)", exitCode: .cantCreate)
            }
            var owned = ""
            if let (uid, gid) = to, geteuid() == 0 || uid == geteuid() {
                guard chown(file, uid, gid) == 0 else {
                    throw CommandError("admin passwd: \(file): cannot give it to its owner (\(String(cString: strerror(errno)))); the daemon may not read it",
                                       exitCode: .cantCreate)
                }
                owned = ", owned by \(getpwuid(uid).map { String(cString: $0.pointee.pw_name) } ?? String(uid))"
            }
            print("admin passwd: \(user)'s password set in \(file) (mode 600\(owned))")
        }

        static func check(_ password: String) throws {
            if let problem = PasswordFile.passwordProblem(password) {
                throw CommandError("admin passwd: the password \(problem); nothing changed", exitCode: .dataError)
            }
        }

        /// A line from the terminal with echo off (put back however the read ends).
        static func readHidden(_ prompt: String) throws -> String {
            writeStandardError(prompt)
            var saved = termios()
            let haveTerminal = tcgetattr(STDIN_FILENO, &saved) == 0
            if haveTerminal {
                var quiet = saved
                quiet.c_lflag &= ~tcflag_t(ECHO)
                quiet.c_lflag |= tcflag_t(ICANON)
                tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
            }
            defer {
                if haveTerminal { tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
                writeStandardError("\n")
            }
            guard let line = readLine(strippingNewline: true) else {
                throw CommandError("admin passwd: no password read; nothing changed", exitCode: .dataError)
            }
            return line
        }
    }
}

extension ExitCode {
    /// sysexits.h EX_DATAERR: the input is wrong (a password too short, two that differ).
    static let dataError = ExitCode(65)
}
