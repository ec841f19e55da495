import PrayerTimes

extension ScreenModel {
    /// The site's urgent message (`UrgentMessage`), while it holds.
    public struct Message: Codable, Sendable, Equatable {
        public var text: String
        public var by: String
        /// When it ends (ISO 8601 with the unit's offset).
        public var until: String
        /// An adhan, an iqamah's countdown, its silent minute or the prayer holds the screen:
        /// the message waits as a banner beneath it, and fills the screen once that is over.
        public var banner: Bool

        public init(text: String, by: String, until: String, banner: Bool) {
            (self.text, self.by, self.until, self.banner) = (text, by, until, banner)
        }
    }

    /// The phases a message never hides: the adhan, the iqamah's countdown, its silent minute,
    /// and the prayer itself (its screen is dimmed so as not to draw the eye from it: the
    /// message waits as a dim line at its foot).
    public static let phasesOverMessage: Set<Phase.Kind> = [.adhan, .iqamah, .silence, .prayer]

    static func message(at t: Double, _ input: ScreenInput, phase: Phase.Kind) -> Message? {
        guard let m = input.message, m.from <= t + 1, t < m.until else { return nil }
        return Message(text: m.text, by: m.by, until: LocalTime(unix: m.until, zone: input.zone).iso8601,
                       banner: phasesOverMessage.contains(phase))
    }
}
