/// A state as the JSON words it (status.json, the status topic, the screen's JSON): an enum
/// whose raw value is the word, so it is coded as the same string a `String` field was, byte
/// for byte, and printed as that word (`description`) in `mihrab status` and the logs.
///
/// Read back (`mihrab status` on an older file, the admin page on another unit's report), a
/// word this version does not know (a newer unit's) does not fail the whole report: it reads as
/// `unrecognized`, which each type documents (the state that claims least).
public protocol StateWord: RawRepresentable<String>, Codable, Sendable, CaseIterable, CustomStringConvertible {
    /// What a word this version does not know reads as.
    static var unrecognized: Self { get }
}

extension StateWord {
    public init(from decoder: any Decoder) throws {
        let word = try decoder.singleValueContainer().decode(String.self)
        self = Self(rawValue: word) ?? .unrecognized
    }

    public var description: String { rawValue }
}
