/// A configuration or board file error: the file, the line where known, the key path, and
/// what is allowed. `mihrab run` exits 78 (EX_CONFIG) on one.
public struct ConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    public let file: String
    public let line: Int?
    public let path: String
    public let message: String

    public init(file: String, line: Int?, path: String, message: String) {
        self.file = file
        self.line = line
        self.path = path
        self.message = message
    }

    public var description: String {
        "\(file)\(line.map { ":\($0)" } ?? ""): \(path.isEmpty ? "" : "\(path): ")\(message)"
    }
}
