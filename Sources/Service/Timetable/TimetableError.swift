/// One problem in a timetable file: where (the file, the line, the column or JSON key) and
/// what. Its description is one line, `file:line: column: message`, as compilers write them.
public struct TimetableError: Error, Equatable, Sendable, CustomStringConvertible {
    public let file: String
    /// 1-based; nil only when the file could not be read at all.
    public let line: Int?
    /// The column as the file names it (`Fajr Jamaat`, `days[3].asr`), or what is missing.
    public let column: String
    public let message: String

    public init(file: String, line: Int?, column: String, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        let place = escapedLine(file, limit: 256) + (line.map { ":\($0)" } ?? "")
        return "\(place): \(column.isEmpty ? "" : "\(escapedLine(column, limit: 128)): ")\(escapedLine(message, limit: 512))"
    }
}

/// Every problem found in a timetable file (one per bad row), in the order of the file.
public struct TimetableErrors: Error, Equatable, Sendable, CustomStringConvertible {
    public let errors: [TimetableError]

    public init(_ errors: [TimetableError]) { self.errors = errors }

    /// One line per error.
    public var lines: [String] { errors.map(\.description) }
    public var description: String { lines.joined(separator: "\n") }
}
