import Benchmark
import Drivers
import Foundation
import HAL
import PrayerTimes
import Service
import Simulation

/// One pass of the control loop on the simulated board, in steady state: compass chips
/// polled (register-level emulators), heading, qibla offset, outputs. Per tick (scaling
/// factor 1000), with heap allocations counted.
func daemonBenchmarks() {
    let config = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal], scalingFactor: .kilo,
        maxDuration: .seconds(3), maxIterations: 300)
    Benchmark("control loop tick (25 Hz, simulated board)", configuration: config) { benchmark in
        let clock = VirtualClock(wallStart: 1_774_744_200)  // 2026-03-29 00:30 UTC
        let world = SimulatedWorld(latitude: 51.5, longitude: -0.13, decimalYear: 2026.2, attitude: SimulatedWorld.fixed(yaw: 30))
        let bus = SimulatedBoard.bus(chips: [.init(model: "qmc5883l", address: 0x0D, mounting: .identity),
                                             .init(model: "mpu6050", address: 0x68, mounting: .identity)],
                                     world: world, now: { clock.monotonicNow() })
        var outputs: [BoardConfig.Output: DigitalOutput] = [:]
        for o in BoardConfig.Output.allCases { outputs[o] = SimulatedOutput(name: o.rawValue, now: { clock.wallNow() }) }
        var site = SiteConfig()
        site.locationSource = .fixed
        let dir = NSTemporaryDirectory() + "mihrab-bench-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let core = UnitCore(config: site, zone: .fixed(offset: 0), hardware: UnitCore.Hardware(
            outputs: outputs, magnetometer: SensorChannel(sensor: QMC5883L(bus: bus)),
            accelerometer: SensorChannel(sensor: MPU6050(bus: bus))), clock: clock, position: ScriptedPosition([]),
            sync: FixedClockSync(true), store: StateStore(directory: dir))
        for _ in 0..<100 { clock.advance(to: core.tick()) }  // warm up: planned, sensors running
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            clock.advance(to: core.tick())
        }
        benchmark.stopMeasurement()
    }
}
