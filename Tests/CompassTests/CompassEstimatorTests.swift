import Geo
import Testing
@testable import Compass

/// The loop's and `mihrab heading`'s estimator: a level device pointing at a known true
/// heading in London's field reads that heading back, the qibla's offset from it, good accuracy.
@Suite("the compass estimator")
struct CompassEstimatorTests {
    static let (ned, field) = World.field(lat: 51.5, lon: -0.13)

    @Test("one sample: the true heading is the magnetic one plus the declination; with no field, magnetic only")
    func oneSample() throws {
        let s = World.sample(World.rotation(yaw: 100, pitch: 0, roll: 0), fieldNED: Self.ned)
        let r = try #require(CompassEstimator.read(accel: s.accel, mag: s.mag, pointing: Vector3(1, 0, 0), calibration: nil, field: Self.field))
        let t = try #require(r.trueHeading)
        #expect(abs(t - 100) < 0.01, "\(t)")
        #expect(r.declination == Self.field.declination)
        #expect(abs(r.solution.magneticHeading + Self.field.declination - t) < 1e-9)
        #expect(r.accuracy == .low, "uncalibrated: low at best")
        let bare = try #require(CompassEstimator.read(accel: s.accel, mag: s.mag, pointing: Vector3(1, 0, 0), calibration: nil, field: nil))
        #expect(bare.trueHeading == nil && bare.accuracy == nil && bare.solution == r.solution)
        #expect(CompassEstimator.read(accel: Vector3(0, 0, 0), mag: s.mag, pointing: Vector3(1, 0, 0), calibration: nil, field: nil) == nil)
    }

    @Test("samples in a row: smoothed toward the heading, the qibla's offset from the smoothed one; a bad sample makes it unreliable")
    func smoothed() {
        var e = CompassEstimator(pointing: Vector3(1, 0, 0), calibration: nil, field: Self.field, smoothingSeconds: 1)
        e.qiblaBearing = 119
        #expect(e.heading == nil && e.accuracy == .unreliable)
        let s = World.sample(World.rotation(yaw: 100, pitch: 0, roll: 0), fieldNED: Self.ned)
        for _ in 0..<100 { e.update(accel: s.accel, mag: s.mag, dt: 0.1) }
        let h = e.heading ?? .nan
        #expect(abs(h - 100) < 0.01, "\(h)")
        #expect(abs((e.qiblaOffset ?? .nan) - 19) < 0.01)
        #expect(e.accuracy == .low)
        e.update(accel: Vector3(0, 0, 0), mag: s.mag, dt: 0.1)
        #expect(e.accuracy == .unreliable && e.heading == h, "the last heading stays, no longer trusted")
    }
}

extension CompassEstimatorTests {
    @Test("with a calibration accepted and a still, true sample: high")
    func calibrated() throws {
        let s = World.sample(World.rotation(yaw: 100, pitch: 0, roll: 0), fieldNED: Self.ned)
        let identity = MagnetometerCalibration(hardIron: Vector3(0, 0, 0), softIron: Matrix3(rows: Vector3(1, 0, 0), Vector3(0, 1, 0), Vector3(0, 0, 1)), fieldStrength: 48, residual: 0)
        let r = try #require(CompassEstimator.read(accel: s.accel, mag: s.mag, pointing: Vector3(1, 0, 0), calibration: identity, field: Self.field))
        #expect(r.accuracy == .high)
    }
}
