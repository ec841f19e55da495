import Foundation
import PrayerTimes
import Synchronization
import Testing
@testable import Service
@testable import UnitModel

/// status.json (and so the network's status topic) carries what the screen shows of
/// `[[events]]` and of Ramadan: the next special event and the fast's countdown.
@Suite("Status: the next special event and the fast")
struct StatusSpecialTests {
    static let name = "Eid al-Fitr prayer"

    /// A unit in London with Eid's two prayers by the Hijri date, at a local minute of a date.
    static func unit(_ date: CivilDate, minute: Int) throws -> UnitHarness {
        var config = UnitHarness.testConfig()
        config.events = [SpecialEvent(name: name, dates: .hijri(year: nil, month: 10, day: 1), times: [.clock(450), .clock(540)], minutes: 45)]
        let unit = try UnitHarness(zone: "Europe/London", lat: 51.5, lon: -0.12, start: date, startMinute: minute, config: config)
        unit.run(untilWall: unit.clock.wallNow() + 1)
        return unit
    }

    @Test("On the eve of Eid (found by its Hijri date) at 16:00 the status has Eid's prayers tomorrow and Ramadan's iftar; on Eid at 07:31 the first is happening and has gone out to the network with its name; the next prayer stays a prayer's")
    func eid() throws {
        let from = try #require(CivilDate(iso: "2027-02-01"))
        let eid = try #require((0..<90).map { from.adding(days: $0) }.first {
            let h = HijriCalendar.date(for: $0, offset: 0)
            return h.year == 1448 && h.month == 10 && h.day == 1
        })
        // Winter in London: the offset is +00:00.
        let first = "\(eid)T07:30:00+00:00", second = "\(eid)T09:00:00+00:00"

        // The eve (the last fast) at 16:00, between Asr and Maghrib in March.
        let eve = try Self.unit(eid.adding(days: -1), minute: 16 * 60)
        defer { try? FileManager.default.removeItem(atPath: eve.stateDirectory) }
        let schedule = try #require(eve.core.plannedDays.first { $0.date == eid.adding(days: -1) }).schedule
        let now = eve.clock.wallNow()
        #expect(schedule.asr < now && now < schedule.maghrib)
        let status = eve.core.status(wall: now)
        #expect(status.special == ScreenModel.Special(name: Self.name, at: first, times: [first, second], days: 1, happening: false))
        #expect(status.fast == ScreenModel.Fast(kind: .iftar, at: LocalTime(unix: schedule.maghrib, zone: eve.zone).iso8601))
        let json = String(decoding: status.json(), as: UTF8.self)
        #expect(json.contains("\"fast\":{\"at\":\"\(eid.adding(days: -1))T"), "\(json)")
        #expect(json.contains("\"special\":{\"at\":\"\(first)\",\"days\":1,\"happening\":false,\"name\":\"\(Self.name)\""), "\(json)")
        #expect(try JSONDecoder().decode(StatusReport.self, from: status.json()) == status, "mihrab status reads it back")

        // Eid at 07:00: the first prayer's time comes; within its 45 minutes it is the one happening.
        let day = try Self.unit(eid, minute: 7 * 60)
        defer { try? FileManager.default.removeItem(atPath: day.stateDirectory) }
        let told = Mutex<[UnitEvent]>([])
        day.core.onEvent = { e in told.withLock { $0.append(e) } }
        let prayer = LocalMinute.instant(eid, minute: 450, zone: day.zone)
        day.run(untilWall: prayer + 60)
        let during = day.core.status(wall: day.clock.wallNow())
        #expect(during.special == ScreenModel.Special(name: Self.name, at: first, times: [first, second], days: 0, happening: true))
        #expect(during.fast == nil, "Shawwal: no fast")
        #expect(during.next.map { $0.event != "event" && $0.prayer == "dhuhr" } == true, "the next prayer's event, not Eid's second prayer: \(String(describing: during.next))")
        let fired = told.withLock { $0 }.filter { $0.type == .event }
        #expect(fired.count == 1 && fired.first?.name == Self.name && fired.first?.scheduled == first, "\(fired)")
    }
}
