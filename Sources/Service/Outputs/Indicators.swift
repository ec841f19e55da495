import HAL
import Logging
import PrayerTimes
import UnitModel

/// The unit's lines: LEDs, the buzzer's line, the qibla indicator (three LEDs or a ring),
/// and `identify`'s blink over them all. Each line is set only when its value changes (the
/// loop sets every line every pass); a GPIO error is counted and logged, never fatal.
final class Indicators {
    /// Seconds every LED blinks for `identify`, and its half-period.
    static let identifySeconds = 10.0
    static let identifyHalfPeriod = 0.25

    private let outputs: [BoardConfig.Output: DigitalOutput]
    let ring: [DigitalOutput]
    private let recorder: EventRecorder?
    private let logger: Logger
    /// Which outputs the board has, by `Output.index`: a pattern on a line the board lacks
    /// (a status LED's heartbeat) never wakes the loop.
    private let fitted: [Bool]
    /// Last value set per output (index: Output's position), and per ring LED.
    private var outputState = [Bool?](repeating: nil, count: BoardConfig.Output.allCases.count)
    private var ringState: [Bool?]
    private(set) var gpioErrors = 0
    /// `identify`: every LED blinks until then (monotonic); lit or not in the blink now.
    private var identifyUntil: Double?
    private(set) var identifyOn: Bool?

    init(outputs: [BoardConfig.Output: DigitalOutput], ring: [DigitalOutput], recorder: EventRecorder?, logger: Logger) {
        self.outputs = outputs
        self.ring = ring
        self.recorder = recorder
        self.logger = logger
        fitted = BoardConfig.Output.allCases.map { outputs[$0] != nil }
        ringState = [Bool?](repeating: nil, count: ring.count)
    }

    func isFitted(_ output: BoardConfig.Output) -> Bool { fitted[output.index] }

    /// The board's outputs as last set, by name (a line never set yet: off): the snapshot's.
    var lineStates: [String: Bool] {
        var out: [String: Bool] = [:]
        for o in BoardConfig.Output.allCases where fitted[o.index] { out[o.rawValue] = outputState[o.index] ?? false }
        return out
    }

    /// Every LED blinks from `mono` for `identifySeconds`.
    func identify(from mono: Double) { identifyUntil = mono + Indicators.identifySeconds }

    /// Whether the LEDs are lit in `identify`'s blink now (nil: not identifying); returns
    /// when the blink changes next.
    func identifyPhase(mono: Double) -> Double? {
        guard let until = identifyUntil, mono < until else {
            identifyUntil = nil
            identifyOn = nil
            return nil
        }
        let left = until - mono
        let half = Indicators.identifyHalfPeriod
        identifyOn = Int(left / half) % 2 == 0
        return min(until, mono + left.truncatingRemainder(dividingBy: half) + 0.001)
    }

    /// The qibla indicator: left, aligned, right, or a ring's LED.
    func showQibla(_ indication: QiblaIndication, wall: Double) {
        apply(.qiblaLeft, indication == .left, wall)
        apply(.qiblaAligned, indication == .aligned, wall)
        apply(.qiblaRight, indication == .right, wall)
        for i in ring.indices { setRing(i, indication == .ring(i), wall) }
    }

    /// The prayer LEDs: the current prayer lit, the next one blinking in its last
    /// `blinkSeconds`. Tells `soon` when they next change.
    func showPrayers(_ window: PrayerWindow, blinkSeconds: Double, mono: Double, wall: Double, _ soon: (Double?) -> Void) {
        let upcoming = window.next
        let blink = StatusCondition.prayerBlink.state(at: mono)
        for (prayer, output) in Indicators.prayerOutputs {
            var on = prayer == window.current?.prayer
            if let u = upcoming, u.prayer == prayer, u.time - wall <= blinkSeconds {
                on = blink.on
                if isFitted(output) { soon(blink.next) }
            }
            apply(output, on, wall)
        }
        if let u = upcoming { soon(mono + (u.time - wall) - blinkSeconds) }
        if let c = window.current?.end { soon(mono + (c - wall)) }  // the current prayer's end
    }

    /// Each prayer's LED, looked up once (not by name every pass).
    static let prayerOutputs: [(Prayer, BoardConfig.Output)] = SiteConfig.prayers.compactMap { p in
        BoardConfig.Output(rawValue: p.rawValue).map { (p, $0) }
    }

    /// Every line off (SIGTERM), identify's blink included.
    func allOff(wall: Double) {
        for key in BoardConfig.Output.allCases { apply(key, false, wall) }
        for i in ring.indices { setRing(i, false, wall) }
    }

    /// Sets an output (identify's blink overrides every line but the buzzer's).
    func apply(_ output: BoardConfig.Output, _ on: Bool, _ wall: Double) {
        let on = output == .buzzer ? on : identifyOn ?? on
        let i = output.index
        guard outputState[i] != on, let out = outputs[output] else { return }
        if set(out, on) {
            outputState[i] = on
            recorder?.output(output.rawValue, on: on, at: wall)
        }
    }

    func setRing(_ i: Int, _ on: Bool, _ wall: Double) {
        let on = identifyOn ?? on
        guard ringState[i] != on else { return }
        if set(ring[i], on) {
            ringState[i] = on
            recorder?.output("qibla_ring_\(i)", on: on, at: wall)
        }
    }

    /// Sets a line; a GPIO error is counted and logged (rate-limited), never fatal.
    private func set(_ out: DigitalOutput, _ on: Bool) -> Bool {
        do {
            try out.set(on)
            return true
        } catch {
            gpioErrors += 1
            if gpioErrors <= 10 || gpioErrors % 1000 == 0 { logger.error("\(error)") }
            return false
        }
    }
}
