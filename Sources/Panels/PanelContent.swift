import UnitModel

/// What a small display shows at an instant, read off the same `ScreenModel` as the wall
/// screen (no second copy of the phases, the next prayer or the qibla): the text of each
/// part, laid out later for an OLED's pixels or an LCD's characters.
public struct PanelContent: Equatable, Sendable {
    /// The unit's wall clock: "14:05" (or "2:05pm").
    public var clock: String
    /// "10 Shawwal 1447", and without the year where that does not fit.
    public var hijri: String
    public var hijriShort: String
    /// The phase's headline ("ADHAN", "IQAMAH IN"); nil in the normal phase.
    public var headline: String?
    public var phase: ScreenModel.Phase.Kind
    /// The prayer the display is about: the phase's, or else the next one's ("Asr", "Jumu'ah").
    public var prayer: String?
    /// What comes next, and its wall time: "Asr 15:42", "Asr iqamah 15:50".
    public var target: String?
    public var countdown: String?
    /// `target` as a line of its own: "Next Asr 16:35", "Dhuhr iqamah 13:20".
    public var footTarget: String? { target.map { $0.contains(" iqamah ") ? $0 : "Next " + $0 } }

    /// The bottom line's text, nil for the qibla: a state that puts the times in doubt; in a
    /// phase, what comes next (the iqamah's time matters more then than a calibration
    /// reminder); any other state; else nil (the qibla).
    public var foot: String? {
        if critical, let state { return state }
        if headline != nil, let footTarget { return footTarget }
        return state
    }
    /// Degrees to turn toward the qibla (negative left); nil without a usable heading.
    public var qiblaOffset: Double?
    public var qiblaBearing: Double?
    /// The unit's state when something is wrong ("Clock not synced").
    public var state: String?
    /// The state puts the times in doubt ("No prayer times", "Clock not synced").
    public var critical: Bool
    public var screenOn: Bool
    /// The display's power is wanted off: the OLED sleeps, the LCD is blank and unlit.
    public var dark: Bool
    /// Friday's khutbah: only the clock and the next iqamah (`target`, `countdown`).
    public var khutbah: Bool { phase == .khutbah }
    /// Setup mode, outside a prayer's phases (an adhan, an iqamah, the prayer come first): the
    /// one-time code, the unit's name on the network ("masjid.local:8443") and its first
    /// address ("192.168.1.23:8443"), where the setup page is.
    public var setup: Setup?
    /// The site's urgent message, outside an adhan, an iqamah's countdown, its silent minute and the prayer
    /// (`PanelMessage.swift`): over everything else, setup mode included.
    public var message: Message?
    public struct Setup: Equatable, Sendable {
        /// "masjid.local:8443" and "192.168.1.23:8443" (nil: no address).
        public var code: String, host: String, address: String?
        /// The second half of an alternating two-row display's cycle (5 s each).
        public var second = false
        /// `host` and `address` without the port, and the page's path with it (":8443/setup").
        public var hostName: String { Self.name(host) }
        public var addressName: String? { address.map(Self.name) }
        public var path: String { (host.split(separator: ":").dropFirst().first.map { ":" + $0 } ?? "") + "/setup" }
        static func name(_ s: String) -> String { s.split(separator: ":").first.map(String.init) ?? s }
    }

    public init(_ m: ScreenModel) {
        let now = ModelTime(m.now)
        let twelve = m.clock == .h12
        clock = now?.clock(twelveHour: twelve) ?? "--:--"
        hijri = PanelWords.hijri(m.dates.hijri)
        hijriShort = PanelWords.hijri(m.dates.hijri, year: false)
        phase = m.phase.kind
        headline = PanelWords.phase(m.phase.kind)
        state = PanelWords.state(m)
        critical = PanelWords.critical(m)
        screenOn = m.screenOn && !m.dark
        dark = m.dark
        if let v = m.setup, [.normal, .reminder].contains(m.phase.kind) {
            let ip = v.addresses.first.map { SetupView(url: $0, code: "", addresses: [], generation: 0).shortAddress }
            setup = Setup(code: v.code, host: v.shortAddress, address: ip, second: (now.map { Int($0.unix.rounded(.down)) } ?? 0) % 10 >= 5)
        }
        if let msg = m.message, !msg.banner { message = Message(msg, now: now, twelveHour: twelve) }
        // Never NaN into the drawing (an Int of it would trap on the display thread).
        qiblaOffset = m.qibla.flatMap { $0.offset.isFinite && $0.bearing.isFinite ? $0.offset : nil }
        qiblaBearing = m.qibla.flatMap { $0.bearing.isFinite ? $0.bearing : nil }

        let next = m.next.flatMap { n in ModelTime(n.at).map { (n, $0) } }
        let nextName = next.map { PanelWords.prayer($0.0.prayer, jumuah: $0.0.jumuah) }
        prayer = m.phase.prayer.map { PanelWords.prayer($0, jumuah: m.phase.jumuah) } ?? nextName
        if let (n, at) = next {
            target = (nextName ?? "") + (n.kind == .iqamah ? " iqamah " : " ") + at.clock(twelveHour: twelve)
        }
        switch m.phase.kind {
        case .adhan, .prayer:
            countdown = nil  // the prayer's name is the message
        case .reminder:
            // To the adhan the reminder leads to (the span's end).
            if let end = m.phase.end.flatMap(ModelTime.init), let now { countdown = countdownText(end.unix - now.unix) }
        case .event:
            // A special event's last minutes: its name, counted down to its time (the span's end).
            prayer = m.phase.text
            if let end = m.phase.end.flatMap(ModelTime.init), let now {
                target = (m.phase.text ?? "") + " " + end.clock(twelveHour: twelve)
                countdown = countdownText(end.unix - now.unix)
            }
        case .normal:
            if let now, let (name, at) = PanelContent.sooner(m, than: next?.1) {
                // Today's special event, or Ramadan's imsak or iftar, before the next prayer's time.
                prayer = name
                target = name + " " + at.clock(twelveHour: twelve)
                countdown = countdownText(at.unix - now.unix)
            } else if let (_, at) = next, let now { countdown = countdownText(at.unix - now.unix) }
        case .khutbah:
            // Only the next iqamah, named by its time alone (it fits a 16-column row).
            target = nil
            if let (n, at) = next, n.kind == .iqamah, let now {
                target = "Iqamah " + at.clock(twelveHour: twelve)
                countdown = countdownText(at.unix - now.unix)
            }
        case .iqamah, .silence, .after:
            if let (_, at) = next, let now { countdown = countdownText(at.unix - now.unix) }
        }
    }
}

extension PanelContent {
    /// What the normal screen counts down to instead of the next prayer: today's special event
    /// (not yet begun), or in Ramadan imsak or iftar, whichever comes first, if before `next`.
    static func sooner(_ m: ScreenModel, than next: ModelTime?) -> (String, ModelTime)? {
        var best: (String, ModelTime)?
        if let s = m.special, s.days == 0, !s.happening, let at = ModelTime(s.at) { best = (s.name, at) }
        if let f = m.fast, let at = ModelTime(f.at), best.map({ at.unix < $0.1.unix }) ?? true {
            best = (f.kind == .imsak ? "Imsak" : "Iftar", at)
        }
        guard let best, next.map({ best.1.unix <= $0.unix }) ?? true else { return nil }
        return best
    }
}
