import Drivers
import HAL
import LinuxHAL
import Service
import Simulation

/// The board's compass chips: as configured, or (with `chips = "auto"`) whatever answers
/// on the bus, taken as mounted with identity mountings.
func compassChips(_ board: BoardConfig, on bus: I2CBus) -> [BoardConfig.Chip] {
    guard board.autoDetect else { return board.chips }
    return SensorScanner.scan(bus).map { BoardConfig.Chip(model: $0.model, address: $0.address, mounting: .identity) }
}

/// The board's chips as emulators on the simulated bus.
func simulatedChips(_ board: BoardConfig) -> [SimulatedBoard.Chip] {
    board.chips.map { .init(model: $0.model.rawValue, address: $0.address, mounting: $0.mounting.matrix) }
}

/// The board's GPIO chip, by path or by label; nil when the board names none.
func openGPIOChip(_ board: BoardConfig) throws(SystemError) -> GPIOChip? {
    switch board.gpioChip {
    case .path(let p)?: return try GPIOChip(path: p)
    case .label(let l)?: return try GPIOChip(label: l)
    case nil: return nil
    }
}

/// One output line, by offset or by name, requested with its active-low flag.
func requestLine(_ chip: GPIOChip, _ line: BoardConfig.Line, consumer: String) throws(SystemError) -> DigitalOutput {
    let offset: UInt32
    switch line.locator {
    case .offset(let o): offset = o
    case .name(let n): offset = try chip.offset(ofLineNamed: n)
    }
    return try chip.requestOutput(offset: offset, consumer: consumer, activeLow: line.activeLow)
}

/// The stop button: an input line with edges, debounced on its own thread.
func requestButton(_ chip: GPIOChip, _ input: BoardConfig.Input, consumer: String,
                   onEdge: @escaping @Sendable () -> Void) throws(SystemError) -> ButtonInput {
    let offset: UInt32
    switch input.line.locator {
    case .offset(let o): offset = o
    case .name(let n): offset = try chip.offset(ofLineNamed: n)
    }
    return try GPIOButton(chip: chip, offset: offset, consumer: consumer, activeLow: input.line.activeLow, bias: input.bias,
                          debounce: Double(input.debounceMs) / 1000, onEdge: onEdge)
}
