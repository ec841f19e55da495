/// Why the admin page could not start, or a password file could not be read or written:
/// one line, naming the file or address concerned.
public struct AdminError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
