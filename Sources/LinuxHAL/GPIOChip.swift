import CGpiod
import HAL
import Platform

/// A GPIO chip opened through libgpiod (v1 or v2, whichever the build used).
public final class GPIOChip: @unchecked Sendable {
    // @unchecked: the handle is owned by this object alone and only used through
    // its methods; libgpiod chip handles are not shared between threads here.
    private let handle: OpaquePointer
    /// How the chip was asked for ("/dev/gpiochip0" or "label pinctrl-rp1").
    public let locator: String

    /// The libgpiod API the binary was built against (1 or 2) and the library version.
    public static var api: Int { Int(mihrab_gpio_api()) }
    public static var libraryVersion: String { String(cString: mihrab_gpio_library_version()) }

    public init(path: String) throws(SystemError) {
        var err: Int32 = 0
        guard let h = mihrab_gpio_chip_open_path(path, &err) else {
            throw SystemError("open GPIO chip", path, errno: err)
        }
        handle = h
        locator = path
    }

    public init(label: String) throws(SystemError) {
        var err: Int32 = 0
        guard let h = mihrab_gpio_chip_open_label(label, &err) else {
            throw SystemError("open GPIO chip with label", "'\(label)'", errno: err)
        }
        handle = h
        locator = "label \(label)"
    }

    deinit { mihrab_gpio_chip_close(handle) }

    public struct Info: Sendable, Equatable {
        public let name: String
        public let label: String
        public let lineCount: Int
    }

    public func info() throws(SystemError) -> Info {
        var name = [CChar](repeating: 0, count: 64)
        var label = [CChar](repeating: 0, count: 64)
        var lines: UInt32 = 0
        var err: Int32 = 0
        if mihrab_gpio_chip_describe(handle, &name, name.count, &label, label.count, &lines, &err) < 0 {
            throw SystemError("describe GPIO chip", locator, errno: err)
        }
        return Info(name: stringFromCBuffer(name),
                    label: stringFromCBuffer(label),
                    lineCount: Int(lines))
    }

    /// The offset of the line with this name.
    public func offset(ofLineNamed name: String) throws(SystemError) -> UInt32 {
        var offset: UInt32 = 0
        var err: Int32 = 0
        if mihrab_gpio_find_line(handle, name, &offset, &err) < 0 {
            throw SystemError("find GPIO line", "'\(name)' on \(locator)", errno: err)
        }
        return offset
    }

    /// Requests one line as an output. `initial` and later values are logical:
    /// with `activeLow` the kernel inverts them on the pin.
    public func requestOutput(offset: UInt32, consumer: String, activeLow: Bool = false,
                              initial: Bool = false) throws(SystemError) -> GPIOOutputLine {
        var err: Int32 = 0
        guard let line = mihrab_gpio_request_output(handle, offset, consumer, activeLow ? 1 : 0,
                                                    initial ? 1 : 0, &err) else {
            throw SystemError("request GPIO output", "line \(offset) on \(locator)", errno: err)
        }
        return GPIOOutputLine(handle: line, chip: self, offset: offset)
    }

    /// Requests one line as an input with edge detection on both edges. Values and edges
    /// are logical: with `activeLow` a line pulled to ground reads true. A button to
    /// ground wants `activeLow` and `.pullUp`.
    public func requestInput(offset: UInt32, consumer: String, activeLow: Bool = false,
                             bias: GPIOBias = .asIs) throws(SystemError) -> GPIOInputLine {
        let target = "line \(offset) on \(locator)"
        var err: Int32 = 0
        guard let line = mihrab_gpio_request_input(handle, offset, consumer, activeLow ? 1 : 0,
                                                   bias.shimValue, &err) else {
            throw SystemError("request GPIO input", target, errno: err)
        }
        let fd = mihrab_gpio_line_fd(line, &err)
        if fd < 0 {
            mihrab_gpio_line_release(line)
            throw SystemError("get the event descriptor of GPIO input", target, errno: err)
        }
        return GPIOInputLine(handle: line, chip: self, offset: offset, fileDescriptor: fd)
    }
}

extension GPIOBias {
    var shimValue: Int32 {
        switch self {
        case .asIs: Int32(MIHRAB_GPIO_BIAS_AS_IS)
        case .disabled: Int32(MIHRAB_GPIO_BIAS_DISABLED)
        case .pullUp: Int32(MIHRAB_GPIO_BIAS_PULL_UP)
        case .pullDown: Int32(MIHRAB_GPIO_BIAS_PULL_DOWN)
        }
    }
}

/// One requested output line, as a `DigitalOutput`. Released when the value goes away.
public final class GPIOOutputLine: DigitalOutput, @unchecked Sendable {
    // @unchecked: as for GPIOChip, the request is owned and used through this object only.
    private let handle: OpaquePointer
    private let chip: GPIOChip  // keeps the chip open while the line is held
    public let offset: UInt32

    init(handle: OpaquePointer, chip: GPIOChip, offset: UInt32) {
        self.handle = handle
        self.chip = chip
        self.offset = offset
    }

    deinit { mihrab_gpio_line_release(handle) }

    public var name: String { "line \(offset) on \(chip.locator)" }

    public func set(_ value: Bool) throws(GPIOError) {
        var err: Int32 = 0
        if mihrab_gpio_line_set(handle, value ? 1 : 0, &err) < 0 {
            throw GPIOError(line: name, reason: SystemError("set", "line", errno: err).reason)
        }
    }

    public func get() throws(GPIOError) -> Bool {
        var err: Int32 = 0
        let v = mihrab_gpio_line_get(handle, &err)
        if v < 0 { throw GPIOError(line: name, reason: SystemError("read", "line", errno: err).reason) }
        return v == 1
    }
}
