import Foundation
import Platform
import Service
import Simulation
import Testing
import UnitModel

/// The one formatter of the unit's UTC times writes what Foundation's style wrote before it.
@Suite("UTC ISO 8601")
struct UTCTimeTests {
    @Test("byte for byte Foundation's Date.ISO8601FormatStyle(): whole seconds rounded down, Z, years 1583 to 9999")
    func asFoundation() {
        let style = Date.ISO8601FormatStyle()
        let first = -12_212_553_600.0, last = 253_402_300_799.0  // 1583-01-01, 9999-12-31T23:59:59
        let chosen: [Double] = [0, 1.999, -0.5, -1, 59.9999999, 951_782_400, 1_795_838_400, 1_795_838_400.9999, first, last]
        let spread = (0..<3000).map { first + (last - first) * Double($0) / 2999.7 }
        for t in chosen + spread {
            #expect(utcISO8601(t) == style.format(Date(timeIntervalSince1970: t)), "\(t)")
        }
        #expect(utcISO8601(1_795_838_400) == "2026-11-28T04:00:00Z")
    }

    @Test("no trap on a time out of range: the range's end, or the epoch for one that is not a number")
    func outOfRange() {
        #expect(utcISO8601(.nan) == "1970-01-01T00:00:00Z")
        #expect(utcISO8601(.infinity) == "9999-12-31T23:59:59Z")
        #expect(utcISO8601(-.infinity) == "0001-01-01T00:00:00Z")
        #expect(utcISO8601(1e300) == "9999-12-31T23:59:59Z")
    }

    @Test("an event's time is the same formatter's, on the unit's injected clock (a virtual one here)")
    func eventNow() throws {
        let clock = VirtualClock(wallStart: 1_804_500_005.75)
        #expect(UnitEvent.at(clock) == "2027-03-08T10:00:05Z")
        #expect(try Date.ISO8601FormatStyle().parse(UnitEvent.at(clock)).timeIntervalSince1970 == 1_804_500_005)
    }
}
