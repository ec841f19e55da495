/// An output of the unit (a relay, the wall screen's server, the small displays, the site's
/// network, the admin page, the live view), as `mihrab run`'s output table builds it from
/// the board or config file's section and the assembled board. The hub keeps it: it starts
/// (subscribing to the snapshots or the screen's feed), adds its own typed part to every
/// status, and stops after the loop's last snapshot. Never on the loop's thread.
public protocol OutputPlugin: AnyObject, Sendable {
    /// For logs and status.json's `outputs`: what it is.
    var name: String { get }
    /// Subscribes what it reads to the hub and starts its threads or tasks.
    func start(_ hub: SnapshotHub)
    /// Its part of a status: its `outputs` rows, and what it alone keeps (the displays, the
    /// servers, the site). Called on the thread of whoever asks, never the loop's.
    func status(into report: inout StatusReport)
    /// The loop has stopped and the hub finished: close what it holds (a server, a link, a thread).
    func stop() async
}

extension OutputPlugin {
    public func status(into report: inout StatusReport) {}
    public func stop() async {}
}

/// An output that is one snapshot subscriber and nothing more to start.
extension OutputPlugin where Self: SnapshotSubscriber {
    public func start(_ hub: SnapshotHub) { hub.subscribe(self) }
}

/// What kind of thing an output is (status.json's `outputs[].kind`).
public enum OutputKind: String, Codable, Sendable {
    case relay, display, server, network
    /// The hall's TV's power (`[display] power`).
    case tv
}

/// An output's state (status.json's `outputs[].state`): a relay's line on or off; a display
/// shown or waiting for its first model; a server listening or starting; the network
/// connected or connecting; off; failing (with the problem beside it). A word this version
/// does not know (another unit's) reads as failing.
public enum OutputState: String, StateWord {
    case on, off, ok, waiting, listening, starting, connected, connecting, failing
    public static let unrecognized = OutputState.failing
}

extension OutputState {
    /// A web server's state: down is failing.
    public init(server state: StatusReport.ServerState) {
        self = switch state {
        case .listening: .listening
        case .starting: .starting
        case .down: .failing
        }
    }

    /// A small display's state.
    public init(display state: StatusReport.DisplayState) {
        self = switch state {
        case .ok: .ok
        case .failing: .failing
        case .waiting: .waiting
        }
    }

    /// The site's link: the broker's.
    public init(broker state: StatusReport.BrokerState) {
        self = switch state {
        case .connected: .connected
        case .connecting: .connecting
        case .off: .off
        }
    }
}

extension StatusReport {
    /// Adds one `outputs` row.
    public mutating func add(_ output: Output) { outputs = (outputs ?? []) + [output] }
}
