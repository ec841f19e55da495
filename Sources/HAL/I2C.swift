/// An I2C bus: transactions to a 7-bit address. Real (i2c-dev), emulated or scripted:
/// a driver never knows which.
///
/// One call is one transaction: all of `write` (may be empty), then, after a repeated
/// start, `read.count` bytes (may be none). The caller owns both buffers and reuses them,
/// so a driver's steady-state reads allocate nothing.
public protocol I2CBus: AnyObject {
    /// For messages: "/dev/i2c-1", "simulated".
    var name: String { get }
    func transfer(address: UInt8, write: [UInt8], read: inout [UInt8]) throws(I2CError)
}

public struct I2CError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// Nobody answered at the address (absent, unpowered, or the wrong address).
        case addressNotAcknowledged
        /// The device answered its address but refused a byte.
        case dataNotAcknowledged
        /// Arbitration lost, a stuck line, a corrupted transfer.
        case busError
        case timeout
        /// The bus itself went away (adapter removed).
        case deviceGone
        /// The adapter cannot do this kind of transfer.
        case unsupported
        /// Any other errno.
        case other(Int32)
    }

    public let kind: Kind
    public let bus: String
    public let address: UInt8
    /// The register the transaction addressed, when it had one (the first byte written).
    public let register: UInt8?

    public init(_ kind: Kind, bus: String, address: UInt8, register: UInt8? = nil) {
        self.kind = kind
        self.bus = bus
        self.address = address
        self.register = register
    }

    public var description: String {
        let what: String
        switch kind {
        case .addressNotAcknowledged: what = "no acknowledge of the address"
        case .dataNotAcknowledged: what = "no acknowledge of data"
        case .busError: what = "bus error"
        case .timeout: what = "timeout"
        case .deviceGone: what = "bus device gone"
        case .unsupported: what = "transfer not supported by the adapter"
        case .other(let e): what = "error \(e)"
        }
        return "I2C \(bus) address \(hex(address))" + (register.map { " register \(hex($0))" } ?? "") + ": \(what)"
    }
}

/// "0x1e".
public func hex(_ v: UInt8) -> String {
    let s = String(v, radix: 16)
    return "0x" + (s.count < 2 ? "0" + s : s)
}

/// Small reusable buffers for register access, one set per driver.
public struct RegisterIO {
    public let bus: I2CBus
    public let address: UInt8
    private var pointer: [UInt8] = [0]
    private var pair: [UInt8] = [0, 0]
    private var none: [UInt8] = []
    private var one: [UInt8] = [0]

    public init(bus: I2CBus, address: UInt8) {
        self.bus = bus
        self.address = address
    }

    public mutating func write(_ register: UInt8, _ value: UInt8) throws(I2CError) {
        pair[0] = register
        pair[1] = value
        try bus.transfer(address: address, write: pair, read: &none)
    }

    public mutating func read(_ register: UInt8) throws(I2CError) -> UInt8 {
        pointer[0] = register
        try bus.transfer(address: address, write: pointer, read: &one)
        return one[0]
    }

    /// Reads `buffer.count` registers starting at `register` (the chip's auto-increment).
    public mutating func read(_ register: UInt8, into buffer: inout [UInt8]) throws(I2CError) {
        pointer[0] = register
        try bus.transfer(address: address, write: pointer, read: &buffer)
    }
}
