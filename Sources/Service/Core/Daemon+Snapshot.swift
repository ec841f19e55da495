import HAL
import UnitModel
/// The daemon's snapshots: numbered, with the events the loop collected since the start (the
/// newest kept), published through the hub. On the loop's thread only.
extension Daemon {
    struct Published {
        var sequence: UInt64 = 0
        var eventNumber: UInt64 = 0
        var events: [UnitSnapshot.Numbered] = []
        /// An event or an answer not yet in a snapshot.
        var eventsWaiting = false
        /// When the last snapshot's phases change next (wall), and on the monotonic clock (as
        /// it stood then: the loop wakes for it without reading the clock every pass).
        var nextChange: Double?
        var changeMonotonic: Double?
    }

    /// An event of the core, or a command's answer: in the next snapshot (made after this pass).
    func collect(_ e: UnitEvent) {
        published.eventNumber += 1
        published.events.append(.init(number: published.eventNumber, event: e))
        if published.events.count > UnitSnapshot.keptEvents { published.events.removeFirst(published.events.count - UnitSnapshot.keptEvents) }
        published.eventsWaiting = true
    }

    /// The next snapshot (numbered), with the loop's figures.
    func snapshot(wall: Double, periodic: Bool) -> UnitSnapshot {
        published.sequence += 1
        published.eventsWaiting = false
        let s = core.snapshot(sequence: published.sequence, wall: wall, periodic: periodic, loop: loopFigures(), events: published.events)
        published.nextChange = s.nextChange
        // The same conversion as the core's for its events (time - (wall - mono)): a change at
        // an event's instant is the same Double, so the loop makes one pass there, not two a
        // rounding apart (whose order against a thread's wake would vary from run to run).
        let offset = wall - clock.monotonicNow()
        published.changeMonotonic = s.nextChange.map { $0 - offset }
        return s
    }

    func publish(wall: Double, periodic: Bool) {
        options.hub.publish(snapshot(wall: wall, periodic: periodic))
    }
}
