import HAL
import Testing
@testable import Service

/// The loop's first steps alone: the clock's trust and steps, the position from fixes.
@Suite("clock trust and position steps")
struct EstimatorStepTests {
    @Test("a step is the wall clock moving against the monotonic one by more than a second; trust comes once, from the first source")
    func clock() {
        var c = ClockTrust()
        #expect(c.step(mono: 10, wall: 1000) == nil)
        #expect(c.step(mono: 11, wall: 1001.9) == nil, "0.9 s of drift is no step")
        #expect(abs((c.step(mono: 12, wall: 1000) ?? 0) + 2.9) < 1e-9)
        #expect(c.steps == 1 && !c.trusted)
        #expect(ClockTrust.agrees(fixTime: 1002, wall: 1000) && !ClockTrust.agrees(fixTime: 1002.5, wall: 1000))
        #expect(!ClockTrust.agrees(fixTime: nil, wall: 1000))
        #expect(c.trust(.kernel) && !c.trust(.gps))
        #expect(c.trusted && c.source == .kernel && c.source?.rawValue == "kernel")
    }

    @Test("fixes followed only from the receiver, with the distance moved; the receiver lost, the last fix or the configuration")
    func position() {
        var config = UnitHarness.testConfig()
        config.locationSource = .gps
        var p = PositionEstimator(config: config, lastFix: UnitState.Fix(latitude: 21.4, longitude: 39.8, time: 0))
        #expect(p.source == .lastFix && p.latitude == 21.4 && p.gpsStatus == .waiting)
        let fix = PositionFix(time: nil, latitude: 21.5, longitude: 39.8, altitude: nil, horizontalError: nil, mode: .threeD)
        let moved = p.fix(fix, follow: true) ?? .nan
        #expect(abs(moved - 11.12) < 0.01, "0.1 degree of latitude: \(moved) km")
        #expect(p.source == .gps && p.latitude == 21.5 && p.gpsStatus == .fix3D)
        p.status(.noFix, hasStoredFix: false)
        #expect(p.source == .configured && p.gpsStatus == .noFix && p.latitude == 21.5)
        #expect(p.fix(fix, follow: false) == nil && p.source == .configured)
        #expect(p.reject() && !p.reject() && p.rejectedFixes == 2)
        #expect(PositionEstimator.distanceKm(.nan, 0, 1, 1) == .infinity)
    }
}
