import PrayerTimes

extension ScreenModel {
    /// A time not to pray that holds now (`[screen] show_forbidden`): the screen's sign, "no
    /// prayer until `end`".
    public struct Forbidden: Codable, Sendable, Equatable {
        public var kind: ForbiddenTimes.Kind
        public var start: String
        public var end: String
    }

    /// The shown day's Duha (`[screen] show_duha`): from the end of the sunrise window until
    /// the zawal's start.
    public struct Duha: Codable, Sendable, Equatable {
        public var start: String
        public var end: String
    }

    /// The window not to pray in that holds at `t` (none while the clock is not trusted, as
    /// no phase is shown then either).
    static func forbidden(at t: Double, _ input: ScreenInput) -> Forbidden? {
        guard input.config.screen.showForbidden, input.trusted else { return nil }
        for d in input.days {
            guard let w = d.forbidden?.window(at: t) else { continue }
            func iso(_ x: Double) -> String { LocalTime(unix: x, zone: input.zone).iso8601 }
            return Forbidden(kind: w.kind, start: iso(w.start), end: iso(w.end))
        }
        return nil
    }

    /// Duha of the table's day.
    static func duha(_ shown: ScreenInput.Day?, _ input: ScreenInput) -> Duha? {
        guard input.config.screen.showDuha, let span = shown?.forbidden?.duha else { return nil }
        func iso(_ x: Double) -> String { LocalTime(unix: x, zone: input.zone).iso8601 }
        return Duha(start: iso(span.start), end: iso(span.end))
    }
}
