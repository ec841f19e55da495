import Foundation
import Testing
@testable import Compass
import Geo

@Suite("tilt-compensated compass")
struct CompassTests {
    static let places: [(String, Double, Double)] = [("equator", 0.0, 30.0), ("London", 51.5074, -0.1278),
                                                     ("Tromso", 69.6492, 18.9553)]

    func diff(_ a: Double, _ b: Double) -> Double { abs(qiblaOffset(qiblaBearing: a, trueHeading: b)) }

    @Test("noise-free: 10 000 random attitudes (roll, pitch within 60 degrees) within 0.01 degree", arguments: places.map(\.0))
    func randomAttitudes(place: String) throws {
        let (_, lat, lon) = try #require(Self.places.first { $0.0 == place })
        let (ned, field) = World.field(lat: lat, lon: lon)
        var rng = SplitMix(state: 42)
        var worst = 0.0
        for _ in 0..<10_000 {
            let yaw = Double.random(in: 0..<360, using: &rng)
            let pitch = Double.random(in: -60...60, using: &rng), roll = Double.random(in: -60...60, using: &rng)
            let r = World.rotation(yaw: yaw, pitch: pitch, roll: roll)
            let s = World.sample(r, fieldNED: ned)
            let h = try #require(HeadingSolution(accel: s.accel, mag: s.mag, pointing: Vector3(1, 0, 0)))
            worst = max(worst, diff(h.trueHeading(declination: field.declination), yaw))
            #expect(abs(h.pitch - pitch) < 1e-6 && abs(h.roll - roll) < 1e-6)
            #expect(abs(h.dip - field.inclination) < 1e-6)
        }
        #expect(worst < 0.01, "worst \(worst) degrees at \(place)")
    }

    @Test("the upright wall unit (pitch near 90 degrees, pointing out of its face) within 0.01 degree")
    func wallUnit() throws {
        for (_, lat, lon) in Self.places {
            let (ned, field) = World.field(lat: lat, lon: lon)
            var rng = SplitMix(state: 7)
            for _ in 0..<2000 {
                let yaw = Double.random(in: 0..<360, using: &rng)
                // Standing: nose (+x) up, within a few degrees of vertical, any lean.
                let pitch = 90 - Double.random(in: 0...3, using: &rng) * (Bool.random(using: &rng) ? 1 : -1)
                let roll = Double.random(in: -3...3, using: &rng)
                let r = World.rotation(yaw: yaw, pitch: pitch, roll: roll)
                let s = World.sample(r, fieldNED: ned)
                // With the nose up, device +z points horizontally: out of the unit's back.
                let h = try #require(HeadingSolution(accel: s.accel, mag: s.mag, pointing: Vector3(0, 0, 1)))
                let expected = World.rotation(yaw: yaw, pitch: pitch, roll: roll) * Vector3(0, 0, 1)
                let truth = atan2(expected.y, expected.x) * 180 / .pi
                #expect(diff(h.trueHeading(declination: field.declination), truth) < 0.01)
            }
        }
    }

    @Test("heading increases clockwise seen from above; level readings by hand")
    func signConventions() throws {
        // Level, facing magnetic north: field ahead and down; facing east: field to the left.
        let a = Vector3(0, 0, -World.g)
        let north = try #require(HeadingSolution(accel: a, mag: Vector3(20, 0, 45), pointing: Vector3(1, 0, 0)))
        let east = try #require(HeadingSolution(accel: a, mag: Vector3(0, -20, 45), pointing: Vector3(1, 0, 0)))
        let south = try #require(HeadingSolution(accel: a, mag: Vector3(-20, 0, 45), pointing: Vector3(1, 0, 0)))
        #expect(abs(north.magneticHeading) < 1e-9)
        #expect(abs(east.magneticHeading - 90) < 1e-9)
        #expect(abs(south.magneticHeading - 180) < 1e-9)
        // Turning right (yaw +10) adds 10 degrees.
        let (ned, _) = World.field(lat: 51.5, lon: 0)
        let s0 = World.sample(World.rotation(yaw: 100, pitch: 5, roll: -3), fieldNED: ned)
        let s1 = World.sample(World.rotation(yaw: 110, pitch: 5, roll: -3), fieldNED: ned)
        let h0 = try #require(HeadingSolution(accel: s0.accel, mag: s0.mag, pointing: Vector3(1, 0, 0)))
        let h1 = try #require(HeadingSolution(accel: s1.accel, mag: s1.mag, pointing: Vector3(1, 0, 0)))
        #expect(abs(h1.magneticHeading - h0.magneticHeading - 10) < 1e-9)
        // Nose up is positive pitch; right side down is positive roll.
        let up = World.sample(World.rotation(yaw: 0, pitch: 20, roll: 0), fieldNED: ned)
        let right = World.sample(World.rotation(yaw: 0, pitch: 0, roll: 20), fieldNED: ned)
        #expect(abs((HeadingSolution(accel: up.accel, mag: up.mag, pointing: Vector3(1, 0, 0))?.pitch ?? 0) - 20) < 1e-9)
        #expect(abs((HeadingSolution(accel: right.accel, mag: right.mag, pointing: Vector3(1, 0, 0))?.roll ?? 0) - 20) < 1e-9)
    }

    @Test("a chip mounted upside down (rotated 180 about x) is mapped into the device frame")
    func mounting() throws {
        let flip = try #require(Matrix3(rows: [1, 0, 0, 0, -1, 0, 0, 0, -1]))
        let flipped = try #require(Mounting(flip))
        // Flat and level the chip, z up, reads +g on its z axis; the device frame wants -g.
        #expect(flipped.toDevice(Vector3(0, 0, World.g)) == Vector3(0, 0, -World.g))
        // A reflection or a non-rotation is refused.
        let reflection = try #require(Matrix3(rows: [1, 0, 0, 0, 1, 0, 0, 0, -1]))
        let stretch = try #require(Matrix3(rows: [2, 0, 0, 0, 1, 0, 0, 0, 1]))
        #expect(Mounting(reflection) == nil)
        #expect(Mounting(stretch) == nil)
        #expect(Matrix3(rows: [1, 0, 0]) == nil)
    }

    @Test("qibla offset normalised to (-180, 180], positive to the right")
    func offset() {
        #expect(qiblaOffset(qiblaBearing: 58, trueHeading: 20) == 38)
        #expect(qiblaOffset(qiblaBearing: 10, trueHeading: 350) == 20)
        #expect(qiblaOffset(qiblaBearing: 350, trueHeading: 10) == -20)
        #expect(qiblaOffset(qiblaBearing: 180, trueHeading: 0) == 180)
        #expect(qiblaOffset(qiblaBearing: 0, trueHeading: 180) == 180)
    }

    @Test("degenerate samples give no heading rather than garbage")
    func degenerate() {
        let a = Vector3(0, 0, -World.g)
        #expect(HeadingSolution(accel: .zero, mag: Vector3(20, 0, 40), pointing: Vector3(1, 0, 0)) == nil)
        #expect(HeadingSolution(accel: a, mag: .zero, pointing: Vector3(1, 0, 0)) == nil)
        #expect(HeadingSolution(accel: a, mag: Vector3(0, 0, 40), pointing: Vector3(1, 0, 0)) == nil)  // field vertical
        #expect(HeadingSolution(accel: a, mag: Vector3(20, 0, 40), pointing: Vector3(0, 0, 1)) == nil)  // axis vertical
        #expect(HeadingSolution(accel: Vector3(.nan, 0, 1), mag: Vector3(20, 0, 40), pointing: Vector3(1, 0, 0)) == nil)
    }

    @Test("smoothing is wrap-safe: 359 and 1 make 0, and a step settles with the time constant")
    func filter() throws {
        var f = HeadingFilter(timeConstant: 1)
        _ = f.update(359, dt: 0)
        // dt = tau x ln 2 weighs both samples equally: their mean is north, not south.
        let v = f.update(1, dt: log(2))
        #expect(diff(v, 0) < 1e-9)
        var g = HeadingFilter(timeConstant: 2)
        _ = g.update(350, dt: 0)
        var last = 350.0
        for _ in 0..<25 { last = g.update(10, dt: 0.04) }  // one second of 25 Hz samples
        // After 1 s with tau = 2 s, 1 - e^-0.5 = 39% of the way round through north (not through 180).
        let moved = qiblaOffset(qiblaBearing: last, trueHeading: 350)
        #expect(moved > 7 && moved < 9, "moved \(moved)")
        var pass = HeadingFilter(timeConstant: 0)
        _ = pass.update(100, dt: 0)
        #expect(pass.update(200, dt: 0.04) == 200)
    }

    @Test("accuracy levels follow field strength, dip, stillness and calibration")
    func quality() {
        #expect(HeadingAccuracy.assess(fieldRatio: 1.01, dipError: 1, gravityRatio: 1, calibrated: true) == .high)
        #expect(HeadingAccuracy.assess(fieldRatio: 1.07, dipError: 1, gravityRatio: 1, calibrated: true) == .medium)
        #expect(HeadingAccuracy.assess(fieldRatio: 1.01, dipError: 1, gravityRatio: 1, calibrated: false) == .low)
        #expect(HeadingAccuracy.assess(fieldRatio: 1.4, dipError: 1, gravityRatio: 1, calibrated: true) == .unreliable)
        #expect(HeadingAccuracy.assess(fieldRatio: 1, dipError: 20, gravityRatio: 1, calibrated: true) == .unreliable)
        #expect(HeadingAccuracy.assess(fieldRatio: 1, dipError: 0, gravityRatio: 1.5, calibrated: true) == .unreliable)
        #expect(HeadingAccuracy.assess(fieldRatio: .nan, dipError: 0, gravityRatio: 1, calibrated: true) == .unreliable)
        #expect(HeadingAccuracy.low < .high)
    }
}
