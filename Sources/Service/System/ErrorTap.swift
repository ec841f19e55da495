import Synchronization

/// Every error the unit logs, also handed to whoever listens (the network's event topic), from
/// the thread that logged it. The listener must only hand the line on.
public final class ErrorTap: Sendable {
    public static let shared = ErrorTap()
    private let listener = Mutex<(@Sendable (String) -> Void)?>(nil)

    public func listen(_ f: (@Sendable (String) -> Void)?) { listener.withLock { $0 = f } }

    public func send(_ line: String) {
        guard let f = listener.withLock({ $0 }) else { return }
        f(line)
    }
}
