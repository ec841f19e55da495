/// What keeps a board from being assembled: one line naming the file and what is missing.
public struct BoardError: Error, CustomStringConvertible, Equatable {
    /// Why, for the command's exit code: the board file is wrong (EX_CONFIG) or a device it
    /// names is not there (EX_UNAVAILABLE).
    public enum Kind: Sendable, Equatable { case config, unavailable }

    public let kind: Kind
    public let description: String

    public init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }
}
