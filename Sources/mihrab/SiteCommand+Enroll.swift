import ArgumentParser
import FoundationEssentials
import Glibc
import Platform
import Service
import SiteLink
import UnitModel

extension SiteCommand {
    /// `mihrab site enroll UNIT KEY --file site.toml`: puts a unit's own public key (what
    /// `mihrab unit key` prints on it) on the site's roster, the `[units]` table of the site's
    /// settings file, replacing the unit's line if it has one. `mihrab site publish` then signs
    /// and sends it; from then on what that unit reports counts only when it verifies.
    struct Enroll: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "enroll", abstract: "Put a unit's own key on the site's roster ([units] in the site's settings file).")
        @Argument(help: "The unit's id (its [network] unit_id).") var unit: String
        @Argument(help: "Its public key, as mihrab unit key prints it on the unit.") var key: String
        @Option(help: "The site's settings file (TOML), then published with mihrab site publish.") var file: String

        func validate() throws {
            guard NetworkConfig.validName(unit) else { throw ValidationError("the unit must be 1 to 64 letters, digits, \"-\" or \"_\" (got \(quoted(unit)))") }
            if case .failure(let problem) = PublicKeyText.parse(key) { throw ValidationError("the key \(problem)") }
        }

        func run() throws {
            var text = ""
            switch readSmallFile(file, limit: SiteSettings.maximumBytes) {
            case .success(let d?): text = String(decoding: d, as: UTF8.self)
            case .success(nil): break  // a new file: the roster alone
            case .failure(let p): throw CommandError("\(file): \(p)", exitCode: .config)
            }
            let edited = SiteCommand.enrolled(unit, key, in: text)
            _ = try SiteCommand.checkText(edited, file: file)
            do { try writeAtomically(Data(edited.utf8), to: file, mode: 0o644) } catch {
                throw CommandError("\(file): cannot be written (\(error))", exitCode: .cantCreate)
            }
            print("\(file): \(unit) = \(key) on the roster; publish it: mihrab site publish \(file) --key …")
        }
    }

    /// `text` with `unit = "key"` in its `[units]` table (the unit's line replaced, or added at
    /// the table's end; the table added at the file's end when there is none).
    static func enrolled(_ unit: String, _ key: String, in text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let entry = "\(unit) = \"\(key)\""
        func header(_ l: String) -> String? {
            let t = l.trimmingSpaces()
            return t.hasPrefix("[") ? t : nil
        }
        guard let start = lines.firstIndex(where: { header($0) == "[units]" }) else {
            return lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n\n") + "[units]\n\(entry)\n"
        }
        var end = start + 1
        while end < lines.count, header(lines[end]) == nil { end += 1 }
        for i in (start + 1)..<end {
            let t = lines[i].trimmingSpaces()
            if t.hasPrefix(unit + " ") || t.hasPrefix(unit + "=") || t.hasPrefix("\"\(unit)\"") {
                lines[i] = entry
                return lines.joined(separator: "\n") + "\n"
            }
        }
        var last = end
        while last > start + 1, lines[last - 1].trimmingSpaces().isEmpty { last -= 1 }
        lines.insert(entry, at: last)
        return lines.joined(separator: "\n") + "\n"
    }
}
