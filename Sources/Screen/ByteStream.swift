import FlyingFox
import FlyingSocks

/// An `AsyncStream` of byte chunks as the buffered byte sequence FlyingFox streams a
/// response body from (sent chunked: the body of an event stream has no length).
struct ByteStream: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8
    let chunks: AsyncStream<[UInt8]>

    func makeAsyncIterator() -> Iterator { Iterator(base: chunks.makeAsyncIterator()) }

    struct Iterator: AsyncBufferedIteratorProtocol {
        var base: AsyncStream<[UInt8]>.Iterator
        var pending: ArraySlice<UInt8> = []

        mutating func next() async -> UInt8? {
            if pending.isEmpty { guard let chunk = await nextChunk() else { return nil }; pending = chunk[...] }
            return pending.popFirst()
        }

        mutating func nextBuffer(suggested count: Int) async -> ArraySlice<UInt8>? {
            if pending.isEmpty { guard let chunk = await nextChunk() else { return nil }; pending = chunk[...] }
            let n = Swift.min(Swift.max(1, count), pending.count)
            defer { pending = pending.dropFirst(n) }
            return pending.prefix(n)
        }

        private mutating func nextChunk() async -> [UInt8]? {
            while let c = await base.next() { if !c.isEmpty { return c } }
            return nil
        }
    }
}
