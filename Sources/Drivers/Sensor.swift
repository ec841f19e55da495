import HAL

public enum SensorError: Error, Equatable, Sendable, CustomStringConvertible {
    case bus(I2CError)
    /// Something answered at the address, but its identity registers say it is not this chip.
    case wrongIdentity(chip: ChipModel, address: UInt8, found: [UInt8])
    /// The chip reported its measurement out of range (overflow): the value is not usable.
    case saturated(chip: ChipModel, address: UInt8)
    /// Configuration did not stick (read back differs): a chip that is not what it claims, or a bad bus.
    case configurationRejected(chip: ChipModel, address: UInt8, register: UInt8)

    public var description: String {
        switch self {
        case .bus(let e): e.description
        case .wrongIdentity(let c, let a, let f):
            "\(c.rawValue) at \(hex(a)): identity \(f.map(hex).joined(separator: " ")) is not this chip's"
        case .saturated(let c, let a): "\(c.rawValue) at \(hex(a)): measurement out of range (overflow)"
        case .configurationRejected(let c, let a, let r):
            "\(c.rawValue) at \(hex(a)): register \(hex(r)) did not keep its configuration"
        }
    }
}

/// One sensor chip, driven only through `I2CBus`.
public protocol Sensor: AnyObject {
    var model: ChipModel { get }
    var address: UInt8 { get }
    /// Reads the identity registers: true when they are this chip's.
    func probe() throws(SensorError) -> Bool
    /// Resets the chip, then sets mode, rate and range. Call again after any error.
    func initialize() throws(SensorError)
    /// The newest sample in the chip's own axes (uT or m/s^2), or nil when no new one is
    /// ready yet. Throws `.saturated` when the chip flags an overflow.
    func read() throws(SensorError) -> Triple?
}

extension Sensor {
    public var kind: SensorKind { model.kind }
}

/// Helpers shared by the drivers.
enum Bytes {
    @inline(__always) static func le16(_ b: [UInt8], _ i: Int) -> Int16 { Int16(bitPattern: UInt16(b[i]) | UInt16(b[i + 1]) << 8) }
    @inline(__always) static func be16(_ b: [UInt8], _ i: Int) -> Int16 { Int16(bitPattern: UInt16(b[i]) << 8 | UInt16(b[i + 1])) }
    /// Any of three counts at or beyond the full-scale limits (no array: this runs per sample).
    @inline(__always) static func any(_ x: Int16, _ y: Int16, _ z: Int16, atOrBeyond high: Int16, _ low: Int16) -> Bool {
        x >= high || y >= high || z >= high || x <= low || y <= low || z <= low
    }
}

extension RegisterIO {
    /// A bus error as a sensor error.
    @inline(__always) mutating func get(_ register: UInt8) throws(SensorError) -> UInt8 {
        do { return try read(register) } catch { throw .bus(error) }
    }
    @inline(__always) mutating func set(_ register: UInt8, _ value: UInt8) throws(SensorError) {
        do { try write(register, value) } catch { throw .bus(error) }
    }
    @inline(__always) mutating func get(_ register: UInt8, into buffer: inout [UInt8]) throws(SensorError) {
        do { try read(register, into: &buffer) } catch { throw .bus(error) }
    }
    /// Writes and reads back; a mismatch is an error.
    mutating func setChecked(_ register: UInt8, _ value: UInt8, model: ChipModel, mask: UInt8 = 0xFF) throws(SensorError) {
        try set(register, value)
        if try get(register) & mask != value & mask {
            throw .configurationRejected(chip: model, address: address, register: register)
        }
    }
}
