import HAL
import LinuxHAL
import Service

/// The board's GPIO chip, by path or by label; nil when the board names none.
public func openGPIOChip(_ board: BoardConfig) throws(SystemError) -> GPIOChip? {
    switch board.gpioChip {
    case .path(let p)?: return try GPIOChip(path: p)
    case .label(let l)?: return try GPIOChip(label: l)
    case nil: return nil
    }
}

/// One output line, by offset or by name, requested with its active-low flag.
public func requestLine(_ chip: GPIOChip, _ line: BoardConfig.Line, consumer: String) throws(SystemError) -> DigitalOutput {
    let offset: UInt32
    switch line.locator {
    case .offset(let o): offset = o
    case .name(let n): offset = try chip.offset(ofLineNamed: n)
    }
    return try chip.requestOutput(offset: offset, consumer: consumer, activeLow: line.activeLow)
}

/// The stop button: an input line with edges, debounced on its own thread.
public func requestButton(_ chip: GPIOChip, _ input: BoardConfig.Input, consumer: String,
                          onEdge: @escaping @Sendable () -> Void) throws(SystemError) -> ButtonInput {
    let offset: UInt32
    switch input.line.locator {
    case .offset(let o): offset = o
    case .name(let n): offset = try chip.offset(ofLineNamed: n)
    }
    return try GPIOButton(chip: chip, offset: offset, consumer: consumer, activeLow: input.line.activeLow, bias: input.bias,
                          debounce: Double(input.debounceMs) / 1000, onEdge: onEdge)
}

extension BoardConfig {
    /// Whether the board has GPIO lines at all (outputs, the qibla ring, the stop button).
    var needsGPIOChip: Bool { !lines.isEmpty || !qiblaRing.isEmpty || !inputs.isEmpty || !outputs.lines.isEmpty }
}
