import HAL

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The common part of a register-mapped sensor chip: a register file, a register pointer
/// set by the first byte of a write, auto-increment, and sampling at the configured rate
/// with data-ready and overrun. Subclasses give the chip's register map from its datasheet.
open class RegisterEmulator: BusDevice {
    public var registers = [UInt8](repeating: 0, count: 256)
    var pointer: UInt8 = 0
    /// Whether the current access auto-increments (ST chips: the sub-address MSB).
    var increment = true
    /// The physical quantity in the chip's axes (uT or m/s^2), at the given time.
    let source: (Double) -> Triple
    let now: () -> Double
    /// Data registers stop changing (a fault), while data-ready still toggles.
    public var frozen = false

    // Sampling state: when the next sample is due at the current rate.
    var nextSample: Double?
    var currentRate = 0.0
    public internal(set) var dataReady = false
    public internal(set) var overrun = false

    init(source: @escaping (Double) -> Triple, now: @escaping () -> Double) {
        self.source = source
        self.now = now
        powerOnReset()
    }

    // Chip-specific: overridden.
    func powerOnReset() {}
    /// Output data rate in Hz, or 0 when the chip is not measuring.
    var outputRate: Double { 0 }
    /// Stores a new sample in the data registers.
    func latch(_ value: Triple) {}
    /// The register the pointer moves to after `p`.
    func next(_ p: UInt8) -> UInt8 { p &+ 1 }
    /// The first byte of a write sets the pointer (ST chips override for the MSB).
    func setPointer(_ byte: UInt8) {
        pointer = byte
        increment = true
    }
    func readRegister(_ r: UInt8) -> UInt8 { self[r] }
    func writeRegister(_ r: UInt8, _ v: UInt8) { self[r] = v }
    /// After a read burst that covered these registers.
    func didRead(_ touched: ClosedRange<UInt8>) {}

    /// The register file by register number (the drivers' register maps are `UInt8`).
    subscript(_ r: UInt8) -> UInt8 {
        get { registers[Int(r)] }
        set { registers[Int(r)] = newValue }
    }

    /// Takes a new sample when one is due: the first one period after measuring starts (or
    /// the rate changes), then one each period. A sample due while the previous one is
    /// still unread, or several due at once, overwrite unread data: overrun.
    func update() {
        let rate = outputRate
        let t = now()
        guard rate > 0 else {
            nextSample = nil
            currentRate = 0
            return
        }
        guard rate == currentRate, let due = nextSample else {
            currentRate = rate
            nextSample = t + 1 / rate
            return
        }
        guard t >= due else { return }
        let periods = ((t - due) * rate).rounded(.down) + 1
        if dataReady || periods > 1 { overrun = true }
        dataReady = true
        nextSample = due + periods / rate
        if !frozen { latch(source(t)) }
    }

    public func write(_ bytes: [UInt8]) -> Bool {
        guard let first = bytes.first else { return true }
        update()
        setPointer(first)
        for b in bytes.dropFirst() {
            writeRegister(pointer, b)
            if increment { pointer = next(pointer) }
        }
        update()  // a new mode or rate takes effect from this write
        return true
    }

    public func read(into buffer: inout [UInt8]) {
        update()
        let start = pointer
        var last = pointer
        for i in buffer.indices {
            buffer[i] = readRegister(pointer)
            last = pointer
            if increment { pointer = next(pointer) }
        }
        didRead(min(start, last)...max(start, last))
    }

    /// Counts for a value at a sensitivity, clamped to a signed range; the flag says it clipped.
    static func counts(_ value: Double, perUnit: Double, limit: Int) -> (Int, Bool) {
        let c = (value * perUnit).rounded()
        if c > Double(limit - 1) { return (limit - 1, true) }
        if c < Double(-limit) { return (-limit, true) }
        return (Int(c), false)
    }

    func storeLE(_ v: Int, at r: UInt8) {
        let u = UInt16(truncatingIfNeeded: v)
        self[r] = UInt8(u & 0xFF)
        self[r &+ 1] = UInt8(u >> 8)
    }

    func storeBE(_ v: Int, at r: UInt8) {
        let u = UInt16(truncatingIfNeeded: v)
        self[r] = UInt8(u >> 8)
        self[r &+ 1] = UInt8(u & 0xFF)
    }
}
