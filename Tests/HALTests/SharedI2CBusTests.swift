import Foundation
import HAL
import Synchronization
import Testing

/// What the bus below saw: how many transfers were inside it at once, at most.
final class Overlap: Sendable {
    let inside = Atomic<Int>(0)
    let most = Atomic<Int>(0)
    let transfers = Atomic<Int>(0)
}

/// A bus whose transfer takes a while and fills the read buffer byte by byte with the address,
/// as an SMBus adapter's several system calls would: two transfers at once would show.
final class SlowBus: I2CBus {
    let name = "/dev/i2c-slow"
    let overlap: Overlap
    init(_ overlap: Overlap) { self.overlap = overlap }

    func transfer(address: UInt8, write: [UInt8], read: inout [UInt8]) throws(I2CError) {
        let now = overlap.inside.add(1, ordering: .sequentiallyConsistent).newValue
        overlap.most.max(now, ordering: .sequentiallyConsistent)
        for i in read.indices {
            read[i] = address
            usleep(20)
        }
        overlap.transfers.add(1, ordering: .sequentiallyConsistent)
        overlap.inside.subtract(1, ordering: .sequentiallyConsistent)
        if address == 0x7F { throw I2CError(.addressNotAcknowledged, bus: name, address: address) }
    }
}

@Suite("a bus handle shared by threads")
struct SharedI2CBusTests {
    @Test("the compass's thread and the panels' take turns: each transaction whole, none inside another")
    func transactionsWhole() {
        let overlap = Overlap()
        let bus = SharedI2CBus(SlowBus(overlap))
        #expect(bus.name == "/dev/i2c-slow")
        let torn = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            let address: UInt8 = thread == 0 ? 0x0D : 0x3C
            var read = [UInt8](repeating: 0, count: 8)
            for _ in 0..<100 {
                try? bus.transfer(address: address, write: [0x00], read: &read)
                if read.contains(where: { $0 != address }) { torn.add(1, ordering: .sequentiallyConsistent) }
            }
        }
        #expect(overlap.transfers.load(ordering: .sequentiallyConsistent) == 200)
        #expect(overlap.most.load(ordering: .sequentiallyConsistent) == 1)
        #expect(torn.load(ordering: .sequentiallyConsistent) == 0)
    }

    @Test("an error of the bus below comes through as it was")
    func errorsPass() {
        let bus = SharedI2CBus(SlowBus(Overlap()))
        var none: [UInt8] = []
        #expect(throws: I2CError(.addressNotAcknowledged, bus: "/dev/i2c-slow", address: 0x7F)) {
            try bus.transfer(address: 0x7F, write: [0x01], read: &none)
        }
    }
}
