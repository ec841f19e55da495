import Synchronization

/// One bus handle shared by threads: a real board's compass (read by the loop on its thread)
/// and its displays (written by the panels on theirs) on the same /dev/i2c-N. Each transaction
/// is whole, one at a time, under a lock: a transfer below may be several system calls (an
/// SMBus adapter's address selection, then a read byte by byte), and no other thread's come
/// between them.
public final class SharedI2CBus: I2CBus, Sendable {
    public let name: String
    private let handle: Mutex<any I2CBus>

    /// `bus` is the shared one's alone from now on: every transfer goes through the lock.
    public init(_ bus: sending any I2CBus) {
        name = bus.name
        handle = Mutex(bus)
    }

    public func transfer(address: UInt8, write: [UInt8], read: inout [UInt8]) throws(I2CError) {
        try handle.withLock { (bus) throws(I2CError) in try bus.transfer(address: address, write: write, read: &read) }
    }
}
