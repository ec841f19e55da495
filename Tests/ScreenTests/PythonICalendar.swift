import Foundation

/// Python's icalendar library (Debian's python3-icalendar, `make deps` installs it) reading a
/// feed through Tests/ScreenTests/ics_check.py: a real parser's view of the bytes we write.
enum PythonICalendar {
    struct Event: Equatable {
        var uid: String
        /// UTC seconds, DTSTART resolved through the file's own VTIMEZONE.
        var start: Int
        var end: Int
        var summary: String
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Debian's interpreter, where python3-icalendar installs (a `python3` earlier on PATH,
    /// such as a pyenv shim, would not have it).
    static let python = "/usr/bin/python3"
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("ics_check.py").path

    /// The calendar's name (X-WR-CALNAME, unfolded and unescaped) and its events.
    static func parse(_ ics: [UInt8]) throws -> (name: String, events: [Event]) {
        let file = NSTemporaryDirectory() + "mihrab-feed-\(UUID().uuidString).ics"
        try Data(ics).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: python)
        p.arguments = [script, file]
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let problem = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            if problem.contains("No module named 'icalendar'") {
                throw Failure(description: "python3-icalendar is not installed: `make deps` installs it (apt-get install python3-icalendar)")
            }
            throw Failure(description: "ics_check.py failed (\(p.terminationStatus)): \(problem)")
        }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        guard let name = lines.first else { throw Failure(description: "ics_check.py printed nothing") }
        return (String(name), try lines.dropFirst().map { line in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard f.count == 4, let start = Int(f[1]), let end = Int(f[2]) else { throw Failure(description: "ics_check.py printed \(line)") }
            return Event(uid: String(f[0]), start: start, end: end, summary: String(f[3]))
        })
    }
}
