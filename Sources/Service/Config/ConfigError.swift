/// A configuration or board file error: the file, the line where known, the key path, and
/// what is allowed. `mihrab run` exits 78 (EX_CONFIG) on one.
public struct ConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    public let file: String
    public let line: Int?
    public let path: String
    public let message: String
    /// Further lines that belong to it (a timetable's errors, one line each).
    public let details: [String]

    public init(file: String, line: Int?, path: String, message: String, details: [String] = []) {
        self.file = file
        self.line = line
        self.path = path
        self.message = message
        self.details = details
    }

    /// The error and its details, one line each.
    public var lines: [String] { [description] + details.map { escapedLine($0, limit: 1000) } }

    /// One line, whatever the file held: keys and messages escaped and cut to a sane length.
    public var description: String {
        let where_ = escapedLine(file, limit: 256) + (line.map { ":\($0)" } ?? "")
        return "\(where_): \(path.isEmpty ? "" : "\(escapedLine(path, limit: 128)): ")\(escapedLine(message, limit: 512))"
    }
}
