import ArgumentParser
import FoundationEssentials
import Glibc
import Platform
import PrayerTimes
import Service
import UnitModel

/// `mihrab timetable check FILE`: a printed timetable checked as the unit would load it.
struct TimetableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timetable", abstract: "Printed timetables (CSV or JSON).", subcommands: [Check.self])

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check", abstract: "Check a timetable file without running: every bad row, one line each.")

        @Argument(help: "The timetable file (CSV or JSON).") var file: String
        @Option(help: "IANA time zone whose clock changes the file's clock convention is checked against (default: the system's).")
        var tz: String?

        func run() throws {
            let zone = try zoneRules(tz)
            do {
                let t = try Timetable.load(path: file, zone: zone)
                print("\(file): \(t.days.count) days \(t.range), OK")
            } catch {
                for line in error.lines { writeStandardError("\(line)\n") }
                throw ExitCode.config
            }
        }
    }
}

/// `--tz`: a zone by name, or the system's.
func zoneRules(_ tz: String?) throws -> ZoneRules {
    do { return try ZoneRules.named(tz ?? "system") } catch { throw CommandError("--tz: \(error)", exitCode: .validationFailure) }
}

/// A timetable for a command, or its errors (the first after "mihrab: ", the rest a line each).
func loadTimetable(_ path: String, zone: ZoneRules) throws -> Timetable {
    do { return try Timetable.load(path: path, zone: zone) } catch {
        let lines = error.lines
        throw CommandError(lines.first ?? path, exitCode: .config, more: Array(lines.dropFirst()))
    }
}
