import FoundationEssentials
import Glibc
import Synchronization
import UnitModel

/// Server-Sent Events for every open page: one task turns the feed into events (the model
/// when it changes, the unit's time on every publication) and hands each subscriber its
/// copy without waiting for it. A slow reader's buffer keeps only the newest events; when
/// one was dropped, the whole model is sent again, so no page is left on a stale screen.
/// With no page open nothing is built or encoded: a page that opens later gets the model of
/// the feed's latest publication at once, made for it.
final class EventHub: Sendable {
    private struct Subscriber {
        var continuation: AsyncStream<[UInt8]>.Continuation
        var needsModel: Bool
    }

    private let feed: ScreenFeed
    private let subscribers = Mutex<[UInt64: Subscriber]>([:])
    private let nextID = Atomic<UInt64>(0)
    /// The last model event (without its clock), for new subscribers and resyncs.
    private let lastModel = Mutex<(model: ScreenModel?, event: [UInt8])>((nil, []))
    /// Models built and encoded into events, for the tests: none while nobody listens.
    private let encodings = Atomic<Int>(0)
    /// The feed's publication the hub last took (seen, whether encoded or not).
    private let taken = Atomic<UInt64>(0)

    var encoded: Int { encodings.load(ordering: .relaxed) }
    var takenSequence: UInt64 { taken.load(ordering: .acquiring) }

    private let codes: AnnouncementCodes

    init(feed: ScreenFeed, codes: AnnouncementCodes = AnnouncementCodes()) { (self.feed, self.codes) = (feed, codes) }

    var count: Int { subscribers.withLock { $0.count } }

    /// Runs until cancelled, woken by each publication of the feed (the loop publishes once a
    /// second; nothing here runs between).
    func run() async {
        var seen: UInt64 = 0
        let publications = feed.publications()
        var iterator = publications.makeAsyncIterator()
        repeat {
            let p = feed.read()
            if p.sequence != seen, let input = p.input {
                seen = p.sequence
                if count == 0 {
                    // Nobody listens: nothing is built. The model kept is forgotten, so the
                    // first publication with a page open sends the whole model again.
                    lastModel.withLock { $0 = (nil, []) }
                } else {
                    let model = codes.decorate(ScreenModel.at(p.wall, input))
                    let changed = lastModel.withLock { last -> [UInt8]? in
                        guard last.model != model.withoutClock else { return nil }
                        last = (model.withoutClock, EventHub.event("model", model))
                        return last.event
                    }
                    encodings.add(1, ordering: .relaxed)
                    broadcast(model: changed, time: EventHub.event("time", ["now": model.now]))
                }
                taken.store(seen, ordering: .releasing)
            }
        } while await iterator.next() != nil && !Task.isCancelled
        // Finished outside the lock: finishing runs onTermination, which takes it.
        let all = subscribers.withLock { all in
            defer { all.removeAll() }
            return all.values.map(\.continuation)
        }
        for c in all { c.finish() }
    }

    /// A new page's stream: the reconnection delay, then the current model at once (made
    /// from the feed's latest publication when the hub, with nobody listening, kept none).
    func subscribe() -> AsyncStream<[UInt8]> {
        let id = nextID.add(1, ordering: .relaxed).newValue
        let (stream, continuation) = AsyncStream<[UInt8]>.makeStream(bufferingPolicy: .bufferingNewest(8))
        continuation.onTermination = { [weak self] _ in _ = self?.subscribers.withLock { $0.removeValue(forKey: id) } }
        continuation.yield(Array("retry: 2000\n\n".utf8))
        let kept = lastModel.withLock { $0.event }
        let current = kept.isEmpty ? latestModelEvent() : kept
        if !current.isEmpty { continuation.yield(current) }
        subscribers.withLock { $0[id] = Subscriber(continuation: continuation, needsModel: current.isEmpty) }
        return stream
    }

    /// The model event of the feed's latest publication; empty before the loop's first.
    private func latestModelEvent() -> [UInt8] {
        let p = feed.read()
        guard let input = p.input else { return [] }
        encodings.add(1, ordering: .relaxed)
        return EventHub.event("model", codes.decorate(ScreenModel.at(p.wall, input)))
    }

    private func broadcast(model: [UInt8]?, time: [UInt8]) {
        let current = lastModel.withLock { $0.event }
        subscribers.withLock { all in
            for (id, var s) in all {
                var events: [[UInt8]] = []
                if let model { events.append(model) } else if s.needsModel, !current.isEmpty { events.append(current) }
                events.append(time)
                s.needsModel = false
                for e in events {
                    switch s.continuation.yield(e) {
                    case .dropped: s.needsModel = true
                    case .terminated: all.removeValue(forKey: id)
                    default: break
                    }
                }
                if all[id] != nil { all[id] = s }
            }
        }
    }

    /// "event: NAME\ndata: JSON\n\n".
    static func event(_ name: String, _ value: some Encodable) -> [UInt8] {
        let json = (try? JSONEncoder.screen.encode(value)) ?? Data("{}".utf8)
        return Array("event: \(name)\ndata: ".utf8) + Array(json) + Array("\n\n".utf8)
    }
}

extension JSONEncoder {
    /// Compact JSON, slashes left alone (they appear in zone names and texts).
    static var screen: JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return e
    }
}
