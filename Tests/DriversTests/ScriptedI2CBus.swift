import HAL
import Testing

/// A bus that expects an exact sequence of transactions, the way embedded-hal-mock does:
/// each call must match the next expectation (address and bytes written) and gets its
/// scripted answer (bytes read, or an error). `done()` checks nothing was left over.
final class ScriptedI2CBus: I2CBus {
    enum Answer {
        case bytes([UInt8])
        case error(I2CError.Kind)
    }

    struct Expectation {
        let address: UInt8
        let write: [UInt8]
        let answer: Answer
    }

    let name = "scripted"
    private var script: [Expectation]
    private var position = 0

    init(_ script: [Expectation]) { self.script = script }

    func transfer(address: UInt8, write: [UInt8], read: inout [UInt8]) throws(I2CError) {
        guard position < script.count else {
            Issue.record("unexpected transaction to \(hex(address)) writing \(write.map(hex))")
            throw I2CError(.other(-1), bus: name, address: address)
        }
        let e = script[position]
        position += 1
        #expect(address == e.address, "transaction \(position): address \(hex(address)), expected \(hex(e.address))")
        #expect(write == e.write, "transaction \(position): wrote \(write.map(hex)), expected \(e.write.map(hex))")
        switch e.answer {
        case .error(let kind): throw I2CError(kind, bus: name, address: address, register: write.first)
        case .bytes(let bytes):
            #expect(read.count == bytes.count, "transaction \(position): read \(read.count) bytes, expected \(bytes.count)")
            for i in 0..<min(read.count, bytes.count) { read[i] = bytes[i] }
        }
    }

    func done() {
        #expect(position == script.count, "\(script.count - position) scripted transactions never happened")
    }
}

/// Shorthands for scripts.
func w(_ address: UInt8, _ bytes: UInt8...) -> ScriptedI2CBus.Expectation {
    .init(address: address, write: bytes, answer: .bytes([]))
}
func wr(_ address: UInt8, _ write: [UInt8], _ read: [UInt8]) -> ScriptedI2CBus.Expectation {
    .init(address: address, write: write, answer: .bytes(read))
}
func fail(_ address: UInt8, _ write: [UInt8], _ kind: I2CError.Kind) -> ScriptedI2CBus.Expectation {
    .init(address: address, write: write, answer: .error(kind))
}
