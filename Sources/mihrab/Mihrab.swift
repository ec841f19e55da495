import ArgumentParser
import FoundationEssentials
import Glibc
import Platform
import Service
import Logging

/// The `mihrab` command. Errors are printed as one line (`mihrab: …`) with no usage
/// block after it; help and version go to standard output as usual.
struct Mihrab: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mihrab",
        abstract: "Prayer times, qibla and adhan for a wall unit.",
        version: BuildInfo.version,
        subcommands: [RunCommand.self, StatusCommand.self, SetupCommand.self, ConfigCommand.self, SelftestCommand.self, PlayCommand.self, CalibrateCommand.self, TimesCommand.self, TimetableCommand.self, QiblaCommand.self, DeclinationCommand.self, HeadingCommand.self,
                      SensorsCommand.self, DisplayCommand.self, DisplayPowerCommand.self, GPSCommand.self, SiteCommand.self, UnitCommand.self, AdminCommand.self, PlacesCommand.self, VersionCommand.self]
    )
}

@main
enum Main {
    static func main() async {
        // A write to a socket whose peer has gone (gpsd resetting the connection) must fail
        // with EPIPE, not end the process: systemd counts death by SIGPIPE as a clean exit.
        signal(SIGPIPE, SIG_IGN)
        do {
            // `mihrab times` with a plain command line: read without ArgumentParser (QuickTimes).
            let arguments = CommandLine.arguments.dropFirst()
            if arguments.first == "times", let options = QuickTimes.parse(arguments.dropFirst()), (try? options.validate()) != nil {
                try options.run()
                return
            }
            var command = try Mihrab.parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let error as CommandError {
            writeStandardError(errorLine("mihrab: \(oneLine(error.description))"))
            for line in error.more { writeStandardError(errorLine(escapedLine(line, limit: 1000))) }
            exit(error.exitCode.rawValue)
        } catch {
            let code = Mihrab.exitCode(for: error)
            if code == .success {
                print(Mihrab.fullMessage(for: error))
                exit(0)
            }
            let message = oneLine(Mihrab.message(for: error))
            // A bare exit status (the command has said what it had to) prints nothing more.
            if !message.isEmpty { writeStandardError(errorLine("mihrab: \(message)")) }
            exit(code.rawValue)
        }
    }
}

/// An error line for standard error. Under systemd (JOURNAL_STREAM set: standard error is the
/// journal) it carries the `<3>` prefix, so that the journal files the reason the daemon
/// stopped as an error, not as information.
func errorLine(_ text: String) -> String {
    let journal = ProcessInfo.processInfo.environment["JOURNAL_STREAM"] != nil
    return (journal ? "<\(JournalLogHandler.priority(.error))>" : "") + text + "\n"
}

/// ArgumentParser's messages can span lines ("one of the following:" and a bullet list):
/// fold them into one line (at "\n", "\r\n" or "\r"); any control character left (from an
/// argument's value) is escaped, and the line is cut to a sane length.
func oneLine(_ message: String) -> String {
    let lines = message.unicodeScalars.split { $0 == "\n" || $0 == "\r" }.map { String(String.UnicodeScalarView($0)) }
        .map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
    guard let first = lines.first else { return escapedLine(message, limit: 1000) }
    let rest = lines.dropFirst().map { $0.hasPrefix("- ") ? String($0.dropFirst(2)) : $0 }
    return escapedLine(rest.isEmpty ? first : first + " " + rest.joined(separator: ", "), limit: 1000)
}

/// An error whose message is already the one line a user should see (and, for a file with
/// several errors, more lines after it: one per error).
struct CommandError: Error, CustomStringConvertible {
    let description: String
    let exitCode: ExitCode
    let more: [String]
    init(_ description: String, exitCode: ExitCode = .failure, more: [String] = []) {
        self.description = description
        self.exitCode = exitCode
        self.more = more
    }
}

extension ExitCode {
    /// sysexits.h EX_CONFIG: a configuration or board file is wrong.
    static let config = ExitCode(78)
    /// sysexits.h EX_UNAVAILABLE: a device or service is not there.
    static let unavailable = ExitCode(69)
    /// EX_SOFTWARE: an internal error.
    static let software = ExitCode(70)
    /// EX_CANTCREAT: an output file cannot be made.
    static let cantCreate = ExitCode(73)
}
