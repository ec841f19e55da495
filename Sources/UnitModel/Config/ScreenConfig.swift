import PrayerTimes

/// `[screen]` and `[[announcements]]` in the site config: what the wall screen shows and
/// where it is served. Every field has a default (board/mihrab.toml).
public struct ScreenConfig: Sendable, Equatable {
    public enum Digits: String, Codable, Sendable, CaseIterable { case western, eastern }
    public enum ClockFormat: String, Codable, Sendable, CaseIterable { case h24 = "24h", h12 = "12h" }
    public enum HijriChange: String, Sendable, CaseIterable { case maghrib, midnight }
    /// `layout`: "large" shows only the clock, the next prayer and its countdown, and the
    /// day's times, as large as the screen holds.
    public enum Layout: String, Codable, Sendable, CaseIterable { case normal, large }

    /// The languages the page has a file for (Sources/Screen/Languages/<code>.json; a test
    /// checks the two agree).
    public static let languages = ["en", "ar", "ur", "tr", "ms", "id", "fr"]

    /// "ADDRESS:PORT" the HTTP server listens on; "" turns it off. Loopback by default: a LAN
    /// address is an explicit choice (the pages are read-only either way).
    public var listen = "127.0.0.1:8080"
    public var language = "en"
    public var digits = Digits.western
    public var clock = ClockFormat.h24
    public var layout = Layout.normal
    /// The mosque's or home's name, shown small at the top.
    public var title: String?
    /// Screen hours, minutes after local midnight (may pass midnight); nil: always on.
    public var on: SiteConfig.Quiet?
    public var hijriChangesAt = HijriChange.maghrib
    // The phases, in seconds.
    public var reminder = true
    public var adhanSeconds = 240.0
    public var silenceSeconds = 60.0
    public var prayerSeconds = 600.0
    public var jumuahPrayerSeconds = 1800.0
    /// `khutbah_minutes`: on Fridays, from each Jumu'ah session's time for this long (never past
    /// its iqamah), the screen darkens to a dim clock and the next iqamah; 0: no khutbah screen.
    public var khutbahSeconds = 0.0
    public var afterPrayerSeconds = 0.0
    /// Shown after the prayer (for `afterPrayerSeconds`); nil: the normal screen.
    public var azkar: String?
    /// A special event's (`[[events]]`) countdown fills the screen for its last minutes, as
    /// an iqamah's does; 0: never.
    public var eventCountdownSeconds = 600.0
    /// The next special event is shown with its countdown from this many days before it.
    public var eventDaysAhead = 30
    /// `show_forbidden`: the window not to pray in that holds now (after sunrise, the zawal,
    /// before sunset) as a sign on the screen; `show_duha`: Duha's time under the table and
    /// on the printed month. The windows' minutes: `forbidden_*_minutes` (README, "The times
    /// not to pray, and Duha").
    public var showForbidden = false
    public var showDuha = false
    public var forbiddenMinutes = ForbiddenTimes.Minutes()

    public init() {}
}

/// One `[[announcements]]` entry: shown in turn while `from <= now < to`.
public struct Announcement: Sendable, Equatable {
    public var text: String
    /// Local date and minute; nil: open-ended.
    public var from: LocalMinute?
    public var to: LocalMinute?
    /// `qr = "https://…"`: drawn as a QR code beside the text (a donation page, a form).
    public var qr: String?

    /// The longest `qr` taken (bytes): a code a phone reads from a few metres stays small.
    public static let maximumQRBytes = 300

    public init(text: String, from: LocalMinute? = nil, to: LocalMinute? = nil, qr: String? = nil) {
        self.text = text
        self.from = from
        self.to = to
        self.qr = qr
    }
}
