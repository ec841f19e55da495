import Foundation
import Testing
@testable import Compass
import Geo

@Suite("hard- and soft-iron calibration")
struct CalibrationTests {
    /// London's field; 8% soft iron (symmetric), 40 uT hard iron, 0.3 uT and 2 mg noise.
    struct Rig {
        var rng = SplitMix(state: 2026)
        let ned: Vector3
        let field: MagneticField
        let soft = Matrix3(rows: Vector3(1.06, 0.05, -0.03), Vector3(0.05, 0.94, 0.04), Vector3(-0.03, 0.04, 1.08))
        let hard = Vector3(28, -22, 19)  // |hard| = 40.6 uT

        init() { (ned, field) = World.field(lat: 51.5074, lon: -0.1278) }

        mutating func reading(yaw: Double, pitch: Double, roll: Double) -> CalibrationSample {
            let s = World.sample(World.rotation(yaw: yaw, pitch: pitch, roll: roll), fieldNED: ned)
            let noisyMag = soft * s.mag + hard + Vector3(0.3 * rng.gaussian(), 0.3 * rng.gaussian(), 0.3 * rng.gaussian())
            let mg = 0.002 * World.g
            let noisyAcc = s.accel + Vector3(mg * rng.gaussian(), mg * rng.gaussian(), mg * rng.gaussian())
            return CalibrationSample(accel: noisyAcc, mag: noisyMag)
        }

        /// A uniformly random attitude over the whole sphere.
        mutating func anyAttitude() -> (Double, Double, Double) {
            let yaw = Double.random(in: 0..<360, using: &rng)
            let pitch = asin(Double.random(in: -1...1, using: &rng)) * 180 / .pi
            return (yaw, pitch, Double.random(in: -180..<180, using: &rng))
        }
    }

    @Test("realistic: 300 samples over the sphere, then RMS heading error under 0.5 degree up to 45 degrees of tilt")
    func realistic() throws {
        var rig = Rig()
        let samples = (0..<300).map { _ in let (y, p, r) = rig.anyAttitude(); return rig.reading(yaw: y, pitch: p, roll: r) }
        let report = MagnetometerCalibrator.calibrate(samples, expectedField: rig.field.total / 1000,
                                                      expectedDip: rig.field.inclination)
        #expect(report.status == .accepted, "\(report.problems)")
        let cal = try #require(report.calibration)
        #expect(report.coverage > 0.9)
        // The unit then averages each reading over one second at 25 Hz (the smoothing the loop applies).
        var sq = 0.0
        let n = 500
        for _ in 0..<n {
            let yaw = Double.random(in: 0..<360, using: &rig.rng)
            let pitch = Double.random(in: -45...45, using: &rig.rng), roll = Double.random(in: -45...45, using: &rig.rng)
            var filter = HeadingFilter(timeConstant: 0)
            var c = 0.0, s = 0.0
            for _ in 0..<25 {
                let x = rig.reading(yaw: yaw, pitch: pitch, roll: roll)
                let h = try #require(HeadingSolution(accel: x.accel, mag: cal.apply(x.mag), pointing: Vector3(1, 0, 0)))
                let t = h.trueHeading(declination: rig.field.declination) * .pi / 180
                c += cos(t); s += sin(t)
                _ = filter.update(h.magneticHeading, dt: 0.04)
            }
            let mean = atan2(s, c) * 180 / .pi
            let e = qiblaOffset(qiblaBearing: mean, trueHeading: yaw)
            sq += e * e
        }
        let rms = (sq / Double(n)).squareRoot()
        #expect(rms < 0.5, "RMS heading error \(rms) degrees")
        print("calibrated RMS heading error: \(rms) degrees")
        // Uncalibrated, the same readings are far off: the calibration is doing the work.
        var rawSq = 0.0
        for _ in 0..<100 {
            let yaw = Double.random(in: 0..<360, using: &rig.rng)
            let x = rig.reading(yaw: yaw, pitch: 10, roll: -10)
            let h = try #require(HeadingSolution(accel: x.accel, mag: x.mag, pointing: Vector3(1, 0, 0)))
            let e = qiblaOffset(qiblaBearing: h.trueHeading(declination: rig.field.declination), trueHeading: yaw)
            rawSq += e * e
        }
        #expect((rawSq / 100).squareRoot() > 20)
    }

    @Test("samples taken only while turning flat on a table: incomplete, never accepted")
    func flatOnly() {
        var rig = Rig()
        let samples = (0..<300).map { _ in
            rig.reading(yaw: Double.random(in: 0..<360, using: &rig.rng), pitch: Double.random(in: -2...2, using: &rig.rng),
                        roll: Double.random(in: -2...2, using: &rig.rng))
        }
        let report = MagnetometerCalibrator.calibrate(samples, expectedField: rig.field.total / 1000,
                                                      expectedDip: rig.field.inclination)
        #expect(report.status == .incomplete)
        #expect(report.calibration == nil)
        #expect(report.missing.contains("+z") && report.missing.contains("-z"))
        #expect(report.coverage < 0.5)
    }

    @Test("a field far from the WMM's (iron nearby, or the wrong units) is rejected with the reason")
    func rejected() {
        var rig = Rig()
        let samples = (0..<300).map { _ in let (y, p, r) = rig.anyAttitude(); return rig.reading(yaw: y, pitch: p, roll: r) }
        let report = MagnetometerCalibrator.calibrate(samples, expectedField: 2 * rig.field.total / 1000,
                                                      expectedDip: rig.field.inclination)
        #expect(report.status == .rejected)
        #expect(report.problems.contains { $0.contains("field strength") })
        let dipReport = MagnetometerCalibrator.calibrate(samples, expectedField: rig.field.total / 1000, expectedDip: 30)
        #expect(dipReport.status == .rejected && dipReport.problems.contains { $0.contains("dip") })
    }

    @Test("too few samples: incomplete, and says how many are needed")
    func tooFew() {
        var rig = Rig()
        let samples = (0..<20).map { _ in let (y, p, r) = rig.anyAttitude(); return rig.reading(yaw: y, pitch: p, roll: r) }
        let report = MagnetometerCalibrator.calibrate(samples, expectedField: 50, expectedDip: 66)
        #expect(report.status == .incomplete && report.problems.first?.contains("50") == true)
    }

    @Test("the fit recovers the hard iron and undoes the soft iron (noise-free)")
    func exactFit() throws {
        let rig = Rig()
        var pts: [Vector3] = []
        var rng = SplitMix(state: 3)
        for _ in 0..<200 {
            let r = World.rotation(yaw: Double.random(in: 0..<360, using: &rng),
                                   pitch: asin(Double.random(in: -1...1, using: &rng)) * 180 / .pi,
                                   roll: Double.random(in: -180..<180, using: &rng))
            pts.append(rig.soft * World.sample(r, fieldNED: rig.ned).mag + rig.hard)
        }
        let cal = try #require(MagnetometerCalibrator.fitEllipsoid(pts))
        #expect((cal.hardIron - rig.hard).length < 1e-6)
        #expect(cal.residual < 1e-9)
        // softIron x soft is a multiple of the identity (a pure scale).
        let p = cal.softIron * rig.soft
        let k = p.r0.x
        #expect(abs(p.r1.y - k) < 1e-6 && abs(p.r2.z - k) < 1e-6 && abs(p.r0.y) < 1e-6 && abs(p.r1.z) < 1e-6)
    }
}

@Suite("calibration storage")
struct CalibrationStorageTests {
    @Test("a calibration survives a JSON round trip unchanged")
    func roundTrip() throws {
        let cal = MagnetometerCalibration(hardIron: Vector3(28.1, -22.5, 19.25),
                                          softIron: Matrix3(rows: Vector3(0.95, -0.04, 0.02), Vector3(-0.04, 1.06, -0.03),
                                                            Vector3(0.02, -0.03, 0.93)),
                                          fieldStrength: 49.1, residual: 0.004)
        let data = try JSONEncoder().encode(cal)
        #expect(try JSONDecoder().decode(MagnetometerCalibration.self, from: data) == cal)
        #expect(cal.apply(Vector3(28.1, -22.5, 19.25)) == .zero)
    }
}
