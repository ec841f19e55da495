import Platform

/// An urgent message on every screen of the site ("The grey car AB12 CDE is blocking the
/// gate"): sent from the admin page, as a signed site command (`mihrab site message`) or from
/// Home Assistant, shown full screen until it expires or is cleared. Never over an adhan, an
/// iqamah's countdown, its silent minute or the prayer: then it waits as a banner.
public struct UrgentMessage: Codable, Sendable, Equatable {
    public var text: String
    /// Who sent it: the admin page's user, the name a signed command gives, or "unsigned".
    public var by: String
    /// Wall seconds (Unix) it was taken and it ends at.
    public var from: Double
    public var until: Double
    /// The command's id (or the admin page's).
    public var id: String

    public init(text: String, by: String, from: Double, until: Double, id: String) {
        (self.text, self.by, self.from, self.until, self.id) = (text, by, from, until, id)
    }

    /// Read from the back of a hall, full screen: longer does not fit.
    public static let maximumCharacters = 200
    public static let minutes = 1...1440
    public static let defaultMinutes = 10
    /// A sender's name, as recorded.
    public static let maximumByCharacters = 64
}

/// What is asked: show `text` for `minutes`, or (`text` empty) clear the message shown.
public struct MessageRequest: Sendable, Equatable {
    public var text: String
    public var minutes: Int
    public var by: String

    public init(text: String, minutes: Int = UrgentMessage.defaultMinutes, by: String) {
        (self.text, self.minutes, self.by) = (text, minutes, by)
    }

    public var clears: Bool { text.isEmpty }

    /// Why it cannot be shown, in one line; nil when it can. Spaces at the ends do not count.
    public var problem: String? {
        if text.count > UrgentMessage.maximumCharacters {
            return "the message is \(text.count) characters: at most \(UrgentMessage.maximumCharacters) (read from the back of a hall)"
        }
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "the message holds a control character (a line break, a tab): one line of text"
        }
        if !UrgentMessage.minutes.contains(minutes) {
            return "minutes: \(minutes) is not \(UrgentMessage.minutes.lowerBound) to \(UrgentMessage.minutes.upperBound)"
        }
        if by.count > UrgentMessage.maximumByCharacters || by.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "by: at most \(UrgentMessage.maximumByCharacters) characters, one line"
        }
        return nil
    }

    /// The text with the spaces at its ends taken off.
    public func trimmed() -> MessageRequest {
        var r = self
        r.text = text.trimmingSpacesAndNewlines()
        r.by = by.trimmingSpacesAndNewlines()
        return r
    }
}
