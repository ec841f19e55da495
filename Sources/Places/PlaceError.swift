/// What went wrong with the table of places or a question put to it, as one line naming the
/// file (and line) or the argument.
public enum PlaceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No file at the path (the package installs it; a build from source has it under board/places).
    case missing(path: String)
    case unreadable(path: String, reason: String)
    case notAFile(path: String)
    case tooLarge(path: String, size: Int, limit: Int)
    /// A line that is not a place: its number (1 is the header) and what is wrong with it.
    case corrupt(path: String, line: Int, reason: String)
    /// A name to search for that cannot be one.
    case badName(String)
    /// A country that is not two letters (ISO 3166 alpha-2).
    case badCountry(String)
    /// A position out of range.
    case badPosition(String)

    public var description: String {
        switch self {
        case .missing(let path): "\(path): no table of places there (the package installs it at \(PlaceTable.installedPath))"
        case .unreadable(let path, let reason): "\(path): cannot be read (\(reason))"
        case .notAFile(let path): "\(path): not a regular file"
        case .tooLarge(let path, let size, let limit): "\(path): \(size) bytes, more than a table of places has (at most \(limit))"
        case .corrupt(let path, let line, let reason): "\(path):\(line): \(reason)"
        case .badName(let reason): "the name \(reason)"
        case .badCountry(let code): "--country '\(code)' is not a country code (two letters, ISO 3166 alpha-2, such as MY)"
        case .badPosition(let reason): reason
        }
    }

    /// A mistake in the question (exit 64), rather than in the table.
    public var isBadInput: Bool {
        switch self {
        case .badName, .badCountry, .badPosition: true
        default: false
        }
    }
}
