import Service

/// What a small display shows at an instant, read off the same `ScreenModel` as the wall
/// screen (no second copy of the phases, the next prayer or the qibla): the text of each
/// part, laid out later for an OLED's pixels or an LCD's characters.
public struct PanelContent: Equatable, Sendable {
    /// The unit's wall clock: "14:05" (or "2:05pm").
    public var clock: String
    public var hijri: String
    /// The phase's headline ("ADHAN", "IQAMAH IN"); nil in the normal phase.
    public var headline: String?
    public var phase: ScreenModel.Phase.Kind
    /// The prayer the display is about: the phase's, or else the next one's ("Asr", "Jumu'ah").
    public var prayer: String?
    /// What `countdown` counts to, and its wall time: "Asr 15:42", "Iqamah 15:50".
    public var target: String?
    public var countdown: String?
    /// Degrees to turn toward the qibla (negative left); nil without a usable heading.
    public var qiblaOffset: Double?
    public var qiblaBearing: Double?
    /// The unit's state when something is wrong ("Clock not confirmed").
    public var state: String?
    public var screenOn: Bool

    public init(_ m: ScreenModel) {
        let now = ModelTime(m.now)
        let twelve = m.clock == "12h"
        clock = now?.clock(twelveHour: twelve) ?? "--:--"
        hijri = PanelWords.hijri(m.dates.hijri)
        phase = m.phase.kind
        headline = PanelWords.phase(m.phase.kind)
        state = PanelWords.state(m)
        screenOn = m.screenOn
        qiblaOffset = m.qibla?.offset
        qiblaBearing = m.qibla?.bearing

        let next = m.next.flatMap { n in ModelTime(n.at).map { (n, $0) } }
        let nextName = next.map { PanelWords.prayer($0.0.prayer, jumuah: $0.0.jumuah) }
        prayer = m.phase.prayer.map { PanelWords.prayer($0, jumuah: m.phase.jumuah) } ?? nextName
        if let (n, at) = next {
            target = (n.kind == "iqamah" ? "Iqamah" : nextName ?? "") + " " + at.clock(twelveHour: twelve)
        }
        switch m.phase.kind {
        case .adhan, .prayer:
            countdown = nil  // the prayer's name is the message
        case .reminder:
            // To the adhan the reminder leads to (the span's end).
            if let end = m.phase.end.flatMap(ModelTime.init), let now { countdown = countdownText(end.unix - now.unix) }
        case .normal, .iqamah, .silence, .after:
            if let (_, at) = next, let now { countdown = countdownText(at.unix - now.unix) }
        }
    }
}
