import HAL
import Service
import Simulation

/// The simulated board's emulators as the commands other than `run` want them. Each chip's
/// and display's emulator is Simulation's exhaustive switch over its model (`ChipEmulators`,
/// `SimulatedBoard.emulator`): a model without one does not compile.
extension BoardAssembler {
    /// The simulated board's bus as a command that scans it sees it (`sensors`, `selftest`):
    /// its compass chips as emulators in `world` and its displays' emulators, on one bus.
    public func simulatedBoardBus(world: SimulatedWorld, now: @escaping () -> Double) -> SimulatedI2CBus {
        let bus = simulatedBus(world: world, now: now)
        for d in simulatedDisplays { bus.attach(SimulatedBoard.emulator(d).device, at: d.address) }
        return bus
    }

    /// One of the board's displays as its emulator, alone on a bus of its own (`mihrab
    /// display`): the bus for its driver, the emulator to render and read back.
    public func simulatedDisplay(_ display: BoardConfig.Display) -> (bus: SimulatedI2CBus, emulator: DisplayEmulator) {
        let emulator = SimulatedBoard.emulator(Self.emulated(display))
        let bus = SimulatedBoard.displayBus([])
        bus.attach(emulator.device, at: display.address)
        return (bus, emulator)
    }

    /// A board display as its emulator's description.
    static func emulated(_ d: BoardConfig.Display) -> SimulatedBoard.Display {
        .init(model: d.model, address: d.address, width: d.width, height: d.height, columns: d.columns, rows: d.rows)
    }
}
