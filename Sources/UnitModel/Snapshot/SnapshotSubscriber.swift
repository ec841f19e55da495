/// An output of the unit: it reads the snapshots the loop publishes, on a queue of its own
/// (never the loop's thread). Adding an output is one subscriber (and its board or config line).
public protocol SnapshotSubscriber: AnyObject, Sendable {
    /// For logs: what it is ("status.json", "relay").
    var name: String { get }
    /// How many snapshots may wait for it: 1 (the default) keeps only the newest, enough for
    /// what shows a state; more for an output that must follow each change in order (a relay
    /// switched at each phase's instant). A subscriber that falls further behind loses the oldest.
    var backlog: Int { get }
    /// Only the once-a-second snapshots (the default: status and screens), or every one.
    var everySnapshot: Bool { get }
    /// A snapshot, on the subscriber's own queue, in order.
    func receive(_ snapshot: UnitSnapshot)
    /// The loop has stopped (outputs off): the last snapshot, after every one before it, on the
    /// same queue. The loop waits for it a short while only (`SnapshotHub.finishSeconds`).
    func finish(_ snapshot: UnitSnapshot)
}

extension SnapshotSubscriber {
    public var backlog: Int { 1 }
    public var everySnapshot: Bool { false }
    public func finish(_ snapshot: UnitSnapshot) {}
}
