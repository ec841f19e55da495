import FoundationEssentials
import Glibc
import Dispatch
import Synchronization
import UnitModel

/// A short-lived connection for a command (`mihrab site`): connect, read what is retained,
/// publish, wait for something to arrive. Blocking calls with timeouts; not for the daemon.
public final class MQTTSession: Sendable {
    let client: MQTTClient
    private let received = Mutex<[MQTTClient.Message]>([])
    private let failure = Mutex<String?>(nil)
    private let connected = DispatchSemaphore(value: 0)

    public init(broker: BrokerURL, credentials: MQTTCredentials?, caFile: String, subscriptions: [String]) throws(MQTTError) {
        client = try MQTTClient(.init(clientID: "mihrab-cli-\(getpid())-\(UInt32.random(in: 0...UInt32.max))", broker: broker,
                                      credentials: credentials, caFile: caFile))
        client.onConnect = { [weak self] in
            guard let self else { return }
            for s in subscriptions { client.subscribe(s) }
            connected.signal()
        }
        client.onDisconnect = { [weak self] why in
            guard let self else { return }
            failure.withLock { $0 = why }
            connected.signal()
        }
        client.onMessage = { [weak self] m in self?.received.withLock { $0.append(m) } }
    }

    /// Connects; throws the broker's or the network's reason after `timeout`.
    public func connect(timeout: Double) throws(MQTTError) {
        try client.start()
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            _ = connected.wait(timeout: .now() + 0.2)
            if client.isConnected { return }
            if let why = failure.withLock({ $0 }), why.contains("refused") { throw MQTTError("\(client.options.broker): \(why)") }
        }
        let why = failure.withLock { $0 } ?? "no answer in \(Int(timeout)) s"
        throw MQTTError("\(client.options.broker): \(why)")
    }

    /// Every message so far.
    public var messages: [MQTTClient.Message] { received.withLock { $0 } }

    /// Waits until a message satisfies `match` (true) or `timeout` passes (false).
    public func wait(timeout: Double, until match: (MQTTClient.Message) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if received.withLock({ $0.contains(where: match) }) { return true }
            usleep(20_000)
        } while Date() < deadline
        return false
    }

    public func publish(_ topic: String, _ payload: Data, retain: Bool) -> Bool {
        client.publish(topic, payload, retain: retain) != nil
    }

    public func close() { client.stop() }

    /// Whether the broker takes a client without an account (anyone on the network may read
    /// and publish): a try without one; nil when the broker does not answer in `timeout`.
    public static func takesAnonymous(_ broker: BrokerURL, caFile: String, timeout: Double) -> Bool? {
        do throws(MQTTError) {
            let s = try MQTTSession(broker: broker, credentials: nil, caFile: caFile, subscriptions: [])
            defer { s.close() }
            do throws(MQTTError) {
                try s.connect(timeout: timeout)
                return true
            } catch {
                return error.description.contains("refused") ? false : nil
            }
        } catch {
            return nil
        }
    }
}
