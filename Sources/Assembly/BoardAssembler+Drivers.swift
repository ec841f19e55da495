import Drivers
import HAL
import Service

/// The one place a board's chips and displays become drivers: the unit's compass and panels,
/// and the chips `selftest`, `sensors` and `display` drive. Each model's driver is its row in
/// Drivers' catalog (`ChipModel.descriptor`, `DisplayModel.descriptor`); its wait is the bus's
/// (`pauseThread` on a real bus, `noPause` for chips emulated in virtual time), given by the caller.
extension BoardAssembler {
    /// The board's compass chips on `bus` (as configured, or with `chips = "auto"` whatever
    /// answers), each behind its driver, in the board's (or the scan's) order.
    public func chipDrivers(on bus: I2CBus, pause: @escaping Pause) -> [(chip: BoardConfig.Chip, sensor: Sensor)] {
        compassChips(on: bus).map { ($0, $0.model.driver(bus: bus, address: $0.address, pause: pause)) }
    }

    /// Every chip Mihrab knows that answers on `bus`, behind its driver, whatever a board file
    /// says (`mihrab sensors`, which may be given a bus and no board).
    public static func detectedChipDrivers(on bus: I2CBus, pause: @escaping Pause) -> [Sensor] {
        SensorScanner.scan(bus).map { $0.model.driver(bus: bus, address: $0.address, pause: pause) }
    }

    /// One of a board's displays behind its driver on `bus`.
    public static func displayDriver(_ display: BoardConfig.Display, on bus: I2CBus, pause: @escaping Pause) -> DisplayDevice {
        let size = DisplaySize(width: display.width, height: display.height, columns: display.columns, rows: display.rows)
        return display.model.descriptor.driver(bus, display.address, size, pause)
    }

    /// The board's displays on `bus`, each behind its driver, in the board file's order.
    public func displayDrivers(on bus: I2CBus, pause: @escaping Pause) -> [(display: BoardConfig.Display, device: DisplayDevice)] {
        board.displays.map { ($0, Self.displayDriver($0, on: bus, pause: pause)) }
    }
}
