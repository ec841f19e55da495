import HAL
import Logging
@testable import PrayerTimes
import Simulation
import Testing
@testable import Service
import UnitModel

/// The lines alone: set once per change, identify's blink over every LED but the buzzer,
/// the qibla ring, a failing line counted.
@Suite("the indicator lines")
struct IndicatorsTests {
    final class Counting: DigitalOutput {
        let name = "counting"
        var sets = 0
        var failing = false
        func set(_ active: Bool) throws(GPIOError) {
            sets += 1
            if failing { throw GPIOError(line: name, reason: "test") }
        }
        func get() throws(GPIOError) -> Bool { false }
    }

    @Test("a line is set only when its value changes; a failure is counted and tried again next time")
    func setOnChange() {
        let fajr = Counting()
        let ind = Indicators(outputs: [.fajr: fajr], ring: [], recorder: nil, logger: Logger(label: "test"))
        ind.apply(.fajr, true, 0)
        ind.apply(.fajr, true, 1)
        #expect(fajr.sets == 1)
        ind.apply(.dhuhr, true, 1)  // not fitted: nothing
        #expect(ind.isFitted(.fajr) && !ind.isFitted(.dhuhr))
        fajr.failing = true
        ind.apply(.fajr, false, 2)
        ind.apply(.fajr, false, 3)
        #expect(fajr.sets == 3 && ind.gpioErrors == 2)
    }

    @Test("identify blinks every LED and the ring in quarter seconds for ten seconds, never the buzzer")
    func identify() {
        let led = SimulatedOutput(name: "isha", now: { 0 }), buzzer = SimulatedOutput(name: "buzzer", now: { 0 })
        let ring = (0..<4).map { i in SimulatedOutput(name: "ring\(i)", now: { 0 }) }
        let ind = Indicators(outputs: [.isha: led, .buzzer: buzzer], ring: ring, recorder: nil, logger: Logger(label: "test"))
        #expect(ind.identifyPhase(mono: 100) == nil)
        ind.identify(from: 100)
        let next = ind.identifyPhase(mono: 100) ?? .nan
        #expect(ind.identifyOn == true && abs(next - 100.001) < 1e-9)
        ind.apply(.isha, false, 0)
        ind.apply(.buzzer, false, 0)
        ind.showQibla(.ring(2), wall: 0)
        #expect(led.state && !buzzer.state && ring.allSatisfy(\.state))
        _ = ind.identifyPhase(mono: 100.1)
        #expect(ind.identifyOn == false)
        #expect(ind.identifyPhase(mono: 110) == nil && ind.identifyOn == nil)
        ind.showQibla(.ring(2), wall: 0)
        #expect(ring.map(\.state) == [false, false, true, false])
        ind.allOff(wall: 0)
        #expect(!ring.contains(where: \.state) && !led.state)
    }

    @Test("the current prayer's LED is lit; the next one's blinks in its last minutes; the loop is woken for each change")
    func prayers() {
        let h = 3600.0, base = Double(20_000) * 86_400
        func day(_ k: Int) -> DaySchedule {  // Fajr 5:00, sunrise 6:30, Dhuhr 12:00, Asr 15:00, Maghrib 18:00, Isha 19:30
            let b = base + Double(k) * 86_400
            var times = PerPrayer<Double>(repeating: 0)
            for (p, hours) in [(Prayer.fajr, 5.0), (.sunrise, 6.5), (.dhuhr, 12), (.asr, 15), (.maghrib, 18), (.isha, 19.5)] {
                times[p] = b + hours * h
            }
            return DaySchedule(date: CivilDate(daysSinceEpoch: 20_000 + k), times: times, imsak: b + 4.8 * h, midnight: b + 24 * h,
                               lastThird: b + 26 * h, resolved: Resolutions(repeating: nil))
        }
        let days = [day(-1), day(0), day(1)]
        let dhuhr = SimulatedOutput(name: "dhuhr", now: { 0 }), asr = SimulatedOutput(name: "asr", now: { 0 })
        let ind = Indicators(outputs: [.dhuhr: dhuhr, .asr: asr], ring: [], recorder: nil, logger: Logger(label: "test"))
        var wakes: [Double] = []
        let mono = 100.0
        var wall = base + 13 * h
        ind.showPrayers(PrayerWindow.at(wall, days: days), blinkSeconds: 600, mono: mono, wall: wall) { if let t = $0 { wakes.append(t) } }
        #expect(dhuhr.state && !asr.state)
        #expect(wakes == [mono + 2 * h - 600, mono + 2 * h])  // the blink starts; Dhuhr ends at Asr
        wakes = []
        wall = base + 15 * h - 300
        ind.showPrayers(PrayerWindow.at(wall, days: days), blinkSeconds: 600, mono: mono, wall: wall) { if let t = $0 { wakes.append(t) } }
        let blink = StatusCondition.prayerBlink.state(at: mono)
        #expect(dhuhr.state && asr.state == blink.on)
        #expect(wakes.first == blink.next)
    }
}
