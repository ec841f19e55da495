import Foundation
import HAL
import PrayerTimes
import Testing
@testable import Service
@testable import Simulation
import UnitModel

/// The speaker over whole days in virtual time: the expectation is the day's schedule
/// (the engine's own accuracy is tested against the authorities elsewhere); these tests are
/// about what plays, when, once, and what stops it.
@Suite("sound in virtual time")
struct SoundDayTests {
    static let date = CivilDate(daysSinceEpoch: 20_541)  // 2026-03-29: BST begins in London
    static func info(_ name: String, _ seconds: Double) -> SoundInfo {
        SoundInfo(path: "/var/lib/mihrab/sounds/\(name).flac", sampleRate: 48_000, channels: 1, frames: Int(seconds * 48_000))
    }

    static let adhan = info("adhan", 180), fajr = info("adhan_fajr", 200), dua = info("dua", 30)

    /// Files for every event, a quieter Fajr.
    static func config() -> SiteConfig {
        var c = UnitHarness.testConfig()
        c.sound.sources = [.adhan: .file(adhan), .adhanFajr: .file(fajr), .dua: .file(dua), .reminder: .file(info("reminder", 3)),
                           .iqamah: .file(info("iqamah", 4)), .sunrise: .file(info("sunrise", 5))]
        c.sound.volume = 80
        c.sound.volumes = [.fajr: 40]
        c.sound.fadeIn = 1.5
        return c
    }

    static func unit(presses: [(at: Double, held: Double)] = [], config: SiteConfig = config()) throws -> UnitHarness {
        try UnitHarness(zone: "Europe/London", lat: 51.5074, lon: -0.1278, start: date.adding(days: -1), startMinute: 23 * 60,
                        config: config, presses: presses)
    }

    static var dayEnd: Double { LocalMinute.instant(date.adding(days: 1), minute: 0, zone: (try? ZoneRules.load("Europe/London")) ?? .fixed(offset: 0)) }

    @Test("each event's file starts at its instant, Fajr's own adhan, the dua after each adhan, nothing twice, no buzzer")
    func day() throws {
        let unit = try Self.unit()
        unit.run(untilWall: Self.dayEnd)
        let expected = unit.expectedEvents(on: Self.date).filter { $0.time < Self.dayEnd }
        #expect(expected.count == 16)
        let played = unit.wallPlayed
        for e in expected {
            let starts = played.filter { $0.item.event == e.kind.rawValue && $0.item.prayer == e.prayer.rawValue && abs($0.start - e.time) < 0.001 }
            #expect(starts.count == 1, "\(e.id): \(starts.count) starts at its instant")
            guard let p = starts.first else { continue }
            #expect(p.volume == (e.prayer == .fajr ? 40 : 80), "\(e.id)")
            #expect(p.fadeIn == 1.5)
            if e.kind == .adhan {
                #expect(p.item.sound == (e.prayer == .fajr ? Self.fajr : Self.adhan), "\(e.id)")
                #expect(p.reason == .ended)
                // The dua follows at once.
                let duas = played.filter { $0.item.event == "dua" && $0.item.prayer == e.prayer.rawValue && abs($0.start - (e.time + p.item.sound.duration)) < 0.001 }
                #expect(duas.count == 1, "\(e.id): the dua after it")
            }
        }
        // Nothing else played: the day's events and the five duas.
        #expect(played.filter { $0.start >= expected[0].time - 0.001 }.count == expected.count + 5)
        #expect(unit.buzzerStarts.isEmpty, "the speaker played everything: the buzzer stayed silent")
        // --record: a start and a stop line per file, as JSON.
        let lines = try String(contentsOfFile: unit.recordPath, encoding: .utf8).split(separator: "\n")
        let sounds = try lines.compactMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }.filter { $0["sound"] != nil }
        #expect(sounds.count == 2 * played.count)
        let fajrStart = try #require(sounds.first { $0["sound"] as? String == "start" && $0["event"] as? String == "adhan" && $0["prayer"] as? String == "fajr" })
        #expect(fajrStart["file"] as? String == Self.fajr.path)
        #expect(fajrStart["volume"] as? Int == 40)
        #expect((fajrStart["t"] as? String)?.hasPrefix("2026-03-29T") == true)
    }

    @Test("a press 10 s into Dhuhr's adhan stops it at once and the dua does not follow; the buzzer stays off")
    func stopButton() throws {
        let zone = try ZoneRules.load("Europe/London")
        let probe = try Self.unit()
        let dhuhr = try #require(probe.expectedEvents(on: Self.date).first { $0.kind == .adhan && $0.prayer == .dhuhr }).time
        let unit = try Self.unit(presses: [(dhuhr + 10, 0.2)])
        unit.run(untilWall: dhuhr + 600)
        let adhan = try #require(unit.wallPlayed.first { $0.item.event == "adhan" && $0.item.prayer == "dhuhr" })
        let stop = try #require(adhan.stop)
        #expect(stop - (dhuhr + 10) >= 0 && stop - (dhuhr + 10) <= 0.05, "stopped \(stop - dhuhr - 10) s after the press")
        #expect(adhan.reason == .stopped)
        #expect(!unit.sound.played.contains { $0.item.event == "dua" && $0.item.prayer == "dhuhr" })
        let text = try String(contentsOfFile: unit.recordPath, encoding: .utf8)
        #expect(text.contains("\"button\":\"press\""))
        #expect(text.contains(EventRecorder.iso(dhuhr + 10, zone: zone, millis: true)))
    }

    @Test("status.json says what plays: the adhan, then the dua, then nothing")
    func statusPlaying() throws {
        let unit = try Self.unit()
        let asr = try #require(unit.expectedEvents(on: Self.date).first { $0.kind == .adhan && $0.prayer == .asr })
        unit.run(untilWall: asr.time + 5)
        #expect(unit.core.status(wall: unit.clock.wallNow()).sound == .init(device: "simulated", available: true, playing: asr.id, problems: []))
        unit.run(untilWall: asr.time + 200)  // the dua (30 s) follows the adhan (180 s)
        #expect(unit.core.status(wall: unit.clock.wallNow()).sound?.playing == asr.id)
        unit.run(untilWall: asr.time + 215)
        #expect(unit.core.status(wall: unit.clock.wallNow()).sound?.playing == nil)
    }

    @Test("an iqamah 2 min after the adhan does not cut it: the iqamah sounds on the buzzer, the adhan plays on")
    func iqamahDuringAdhan() throws {
        var c = Self.config()
        c.iqamah = [.maghrib: .minutesAfterAdhan(2)]
        let unit = try Self.unit(config: c)
        let adhan = try #require(unit.expectedEvents(on: Self.date).first { $0.kind == .adhan && $0.prayer == .maghrib })
        unit.run(untilWall: adhan.time + 600)
        let played = unit.wallPlayed.filter { $0.item.prayer == "maghrib" && $0.start >= adhan.time - 0.001 }
        #expect(played.map(\.item.event) == ["adhan", "dua"])
        #expect(played.first?.reason == .ended)
        #expect(unit.buzzerStarts.contains { abs($0 - (adhan.time + 120)) < 0.05 }, "the iqamah on the buzzer")
    }

    @Test("a device that hangs (no start within 1.5 s): the buzzer sounds the adhan")
    func hangingDevice() throws {
        let unit = try Self.unit()
        unit.sound.hangs = true
        let isha = try #require(unit.expectedEvents(on: Self.date).first { $0.kind == .adhan && $0.prayer == .isha })
        unit.run(untilWall: isha.time + 60)
        #expect(unit.buzzerStarts.contains { abs($0 - (isha.time + 1.5)) < 0.05 }, "\(unit.buzzerStarts.suffix(3)) vs \(isha.time)")
    }

    @Test("held 3 s, the button plays 10 s of the adhan's sound as a test")
    func longPress() throws {
        let probe = try Self.unit()
        let dhuhr = try #require(probe.expectedEvents(on: Self.date).first { $0.kind == .adhan && $0.prayer == .dhuhr }).time
        let at = dhuhr - 1800
        let unit = try Self.unit(presses: [(at, 4)])
        unit.run(untilWall: at + 60)
        let test = try #require(unit.wallPlayed.first { $0.item.event == "test" })
        #expect(abs(test.start - (at + 3)) < 0.001)
        #expect(test.item.sound == Self.adhan)
        #expect(try abs(#require(test.stop) - (at + 13)) < 0.001)
    }

    @Test("no sound device: each adhan sounds the buzzer's adhan pattern at its instant instead")
    func unavailable() throws {
        let unit = try Self.unit()
        unit.sound.isAvailable = false
        unit.run(untilWall: Self.dayEnd)
        #expect(unit.sound.played.isEmpty)
        let adhans = unit.expectedEvents(on: Self.date).filter { $0.kind == .adhan }
        let starts = unit.buzzerStarts
        for e in adhans { #expect(starts.contains { abs($0 - e.time) < 0.05 }, "\(e.id): the buzzer instead") }
        // Reminders and iqamah fall back to their own patterns (testConfig's single pulses).
        let edges = unit.outputs[.buzzer]?.edges ?? []
        let reminder = try #require(unit.expectedEvents(on: Self.date).first { $0.kind == .reminder && $0.prayer == .asr })
        let on = try #require(edges.firstIndex { $0.active && abs($0.time - reminder.time) < 0.05 })
        #expect(abs(edges[on + 1].time - edges[on].time - 0.5) < 0.01, "the reminder's 500 ms pattern")
    }

    @Test("a file that fails when played (deleted since the check) falls back to the buzzer at once")
    func failingFile() throws {
        let unit = try Self.unit()
        unit.sound.failure = { $0.sound == Self.adhan ? "no such file" : nil }
        unit.run(untilWall: Self.dayEnd)
        let asr = try #require(unit.expectedEvents(on: Self.date).first { $0.kind == .adhan && $0.prayer == .asr })
        #expect(unit.buzzerStarts.contains { abs($0 - asr.time) < 0.05 })
        #expect(!unit.sound.played.contains { $0.item.prayer == "asr" && $0.item.event == "adhan" })
        // Fajr has its own file, which plays.
        #expect(unit.sound.played.contains { $0.item.sound == Self.fajr })
    }

    @Test("the device is warmed the configured seconds before each sound")
    func warmUp() throws {
        let unit = try Self.unit()
        unit.run(untilWall: Self.dayEnd)
        let offset = unit.clock.wallNow() - unit.clock.monotonicNow()
        for e in unit.expectedEvents(on: Self.date) where e.time > unit.expectedEvents(on: Self.date)[0].time - 3600 {
            let mono = e.time - offset
            #expect(unit.sound.warmed.contains { abs($0.asked - (mono - 5)) < 0.001 && $0.until >= mono }, "\(e.id)")
        }
    }

    @Test("a restart 30 s into the adhan does not play it again")
    func restartMidAdhan() throws {
        let probe = try Self.unit()
        let maghrib = try #require(probe.expectedEvents(on: Self.date).first { $0.kind == .adhan && $0.prayer == .maghrib }).time
        let unit = try Self.unit()
        unit.run(untilWall: maghrib + 30)
        unit.restart(downFor: 5)
        unit.run(untilWall: maghrib + 900)
        #expect(unit.sound.played.filter { $0.item.event == "adhan" && $0.item.prayer == "maghrib" }.count == 1)
    }
}

extension UnitHarness {
    /// What the speaker played, its times on the wall clock (the speaker works on monotonic
    /// time; the harness's clock is not stepped in these tests).
    var wallPlayed: [SimulatedSound.Played] {
        let offset = clock.wallNow() - clock.monotonicNow()
        return sound.played.map { p in
            var w = SimulatedSound.Played(item: p.item, volume: p.volume, fadeIn: p.fadeIn, start: p.start + offset)
            w.stop = p.stop.map { $0 + offset }
            w.reason = p.reason
            return w
        }
    }
}
