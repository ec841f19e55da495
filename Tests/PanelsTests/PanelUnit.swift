import Assembly
import Drivers
import Foundation
import HAL
import Logging
import PrayerTimes
@testable import Panels
@testable import Service
@testable import Simulation
import UnitModel

extension PanelDriver {
    /// A board display's panel on an emulated bus: its driver from the board assembly, as the
    /// unit's are, in virtual time (no pause).
    static func emulated(_ display: BoardConfig.Display, on bus: I2CBus) -> PanelDriver {
        PanelDriver(display, device: BoardAssembler.displayDriver(display, on: bus, pause: noPause))
    }
}

/// A unit on the simulated board in virtual time, with a board display driven by the real
/// driver into its emulator: the core is ticked to each instant and the display shown the
/// screen model there, as the daemon's display thread would.
final class PanelUnit {
    let clock: VirtualClock
    let zone: ZoneRules
    let core: UnitCore
    let driver: PanelDriver
    let bus: SimulatedI2CBus
    let display: BoardConfig.Display
    let directory: String

    init(zone name: String, lat: Double, lon: Double, date: CivilDate, display: BoardConfig.Display) throws {
        zone = try ZoneRules.load(name)
        clock = VirtualClock(wallStart: LocalMinute.instant(date, minute: 0, zone: zone))
        var c = SiteConfig()
        c.locationSource = .fixed
        c.latitude = lat
        c.longitude = lon
        c.zone = name
        c.reminders = Dictionary(uniqueKeysWithValues: SiteConfig.prayers.map { ($0, 10) })
        c.iqamah = Dictionary(uniqueKeysWithValues: SiteConfig.prayers.map { ($0, SiteConfig.Iqamah.minutesAfterAdhan(15)) })
        c.compassRate = 1
        directory = NSTemporaryDirectory() + "mihrab-panels-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let clock = self.clock
        let world = SimulatedWorld(latitude: lat, longitude: lon, decimalYear: 2026.5, attitude: SimulatedWorld.fixed(yaw: 40))
        let chips = SimulatedBoard.bus(chips: [.init(chip: .qmc5883l, address: 0x0D, mounting: .identity),
                                               .init(chip: .mpu6050, address: 0x68, mounting: .identity)],
                                       world: world, now: { clock.monotonicNow() })
        core = UnitCore(config: c, zone: zone,
                        hardware: UnitCore.Hardware(outputs: [:], magnetometer: SensorChannel(sensor: QMC5883L(bus: chips)),
                                                    accelerometer: SensorChannel(sensor: MPU6050(bus: chips, pause: noPause))),
                        clock: clock, position: ScriptedPosition([]), sync: FixedClockSync(true),
                        store: StateStore(directory: directory), logger: PanelUnit.quiet)
        self.display = display
        bus = SimulatedBoard.displayBus([.init(model: display.model, address: display.address, width: display.width,
                                               height: display.height, columns: display.columns, rows: display.rows)])
        driver = PanelDriver.emulated(display, on: bus)
    }

    /// Yesterday's events, missed at the start, are not this test's business.
    static var quiet: Logger {
        var l = Logger(label: "mihrab-test")
        l.logLevel = .critical
        return l
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    /// Runs the unit to the wall instant `t`, then shows its screen model on the display.
    @discardableResult
    func show(at t: Double) throws -> ScreenModel {
        while clock.wallNow() < t {
            let next = core.tick()
            let offset = clock.wallNow() - clock.monotonicNow()
            clock.advance(to: min(next, t - offset))
        }
        _ = core.tick()
        let model = ScreenModel.at(t, core.screenInput)
        try driver.show(PanelContent(model))
        return model
    }

    /// Today's events (adhan, iqamah, reminders) as planned.
    var events: [PlannedEvent] { core.plannedDays.flatMap(\.events) }
}
