import HAL

/// A chip on the simulated bus, at register level.
public protocol BusDevice: AnyObject {
    /// The bytes of a write (after the address byte). False: a data byte was not acknowledged.
    func write(_ bytes: [UInt8]) -> Bool
    /// A read of `buffer.count` bytes.
    func read(into buffer: inout [UInt8])
}

/// An I2C bus holding emulated chips. An absent address does not acknowledge, as on a real
/// bus; faults can be injected: random bus errors, a chip that stops answering.
public final class SimulatedI2CBus: I2CBus {
    public let name: String
    public private(set) var devices: [UInt8: BusDevice] = [:]
    /// Probability that a transaction fails with a bus error (the device is not reached).
    public var errorRate = 0.0
    /// Addresses that stop acknowledging (a chip that died or lost power).
    public var silent: Set<UInt8> = []
    public private(set) var transactions = 0
    public private(set) var injectedErrors = 0
    private var rng: SimulationRandom

    public init(name: String = "simulated", seed: UInt64 = 1) {
        self.name = name
        rng = SimulationRandom(seed: seed)
    }

    public func attach(_ device: BusDevice, at address: UInt8) { devices[address] = device }

    public func transfer(address: UInt8, write: [UInt8], read: inout [UInt8]) throws(I2CError) {
        transactions += 1
        let register = write.first
        if errorRate > 0, rng.uniform() < errorRate {
            injectedErrors += 1
            throw I2CError(.busError, bus: name, address: address, register: register)
        }
        guard let device = devices[address], !silent.contains(address) else {
            throw I2CError(.addressNotAcknowledged, bus: name, address: address, register: register)
        }
        if !write.isEmpty, !device.write(write) {
            throw I2CError(.dataNotAcknowledged, bus: name, address: address, register: register)
        }
        if !read.isEmpty { device.read(into: &read) }
    }
}

/// A small deterministic random source (SplitMix64) for noise and faults.
public struct SimulationRandom: Sendable {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// [0, 1).
    public mutating func uniform() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// Standard normal (Box-Muller).
    public mutating func gaussian() -> Double {
        let u1 = max(uniform(), 1e-300), u2 = uniform()
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
