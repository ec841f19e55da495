/// The unit's one answer to "what comes next". Every output that names the next event asks
/// it: status.json's `next` and systemd's status line (every kind a person waits for), the wall
/// screen's and the small displays' countdown (the adhans and iqamahs). The rows' "next
/// prayer" and the LEDs are another question, the prayer whose time starts next
/// (`PrayerWindow`), and stay its.
extension PlannedEvent {
    /// What status.json and systemd's status line count down to: a special event is not one (it
    /// has its own place, and its `prayer` is only the period it falls in).
    public static let statusKinds: Set<SiteConfig.EventKind> = [.adhan, .reminder, .iqamah, .sunrise]
    /// What the screens count down to.
    public static let screenKinds: Set<SiteConfig.EventKind> = [.adhan, .iqamah]

    /// Of `events`, the earliest strictly after `t` whose kind is one of `kinds`; of two at the
    /// same instant, the first given (the plan's order). Allocates nothing.
    public static func next(after t: Double, in events: some Sequence<PlannedEvent>, kinds: Set<SiteConfig.EventKind>) -> PlannedEvent? {
        var best: PlannedEvent?
        for e in events where e.time > t && kinds.contains(e.kind) && e.time < (best?.time ?? .infinity) { best = e }
        return best
    }
}
