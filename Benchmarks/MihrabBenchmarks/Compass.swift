import Benchmark
import Compass
import Geo
#if canImport(Glibc)
import Glibc
#endif

/// One heading update as the control loop does it: calibration applied, tilt-compensated
/// heading, true heading, qibla offset, smoothing. Per update (scaling factor 1000).
func compassBenchmarks() {
    let config = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal], scalingFactor: .kilo,
        maxDuration: .seconds(2), maxIterations: 1_000)

    // A ring of 64 slightly different samples, so nothing is folded at compile time.
    let samples: [(Vector3, Vector3)] = (0..<64).map { i in
        let a = Double(i) * 0.098
        return (Vector3(0.3 * sin(a), -0.2, -9.78), Vector3(20 * cos(a), -20 * sin(a), 45))
    }
    let calibration = MagnetometerCalibration(
        hardIron: Vector3(28, -22, 19),
        softIron: Matrix3(rows: Vector3(0.95, -0.04, 0.02), Vector3(-0.04, 1.06, -0.03), Vector3(0.02, -0.03, 0.93)),
        fieldStrength: 49, residual: 0.004)
    Benchmark("heading update (calibrate, tilt-compensate, qibla offset, smooth)", configuration: config) { benchmark in
        var filter = HeadingFilter(timeConstant: 1)
        var k = 0
        for _ in benchmark.scaledIterations {
            let (acc, mag) = samples[k & 63]
            k += 1
            guard let h = HeadingSolution(accel: acc, mag: calibration.apply(mag), pointing: Vector3(1, 0, 0)) else { continue }
            let t = h.trueHeading(declination: 1.08)
            blackHole(qiblaOffset(qiblaBearing: 118.99, trueHeading: filter.update(t, dt: 0.04)))
        }
    }

    Benchmark("WMM2025 evaluation (degree 12, with rates)", configuration: config) { benchmark in
        var k = 0
        for _ in benchmark.scaledIterations {
            let lat = Double(k % 170) - 85, lon = Double(k % 360) - 180
            k += 1
            blackHole(MagneticModel.wmm2025.field(latitude: lat, longitude: lon, heightKm: 0, decimalYear: 2026.5))
        }
    }
}
