/// A press or release of a push button, debounced, at a monotonic time.
public struct ButtonEdge: Sendable, Equatable {
    public let pressed: Bool
    public let at: Double
    public init(pressed: Bool, at: Double) {
        self.pressed = pressed
        self.at = at
    }
}

/// A push button (the stop button), polled by the loop without blocking.
public protocol ButtonInput: AnyObject {
    /// "STOP_BUTTON", "gpiochip0 line 5", "scripted".
    var name: String { get }
    /// Debounced edges up to monotonic `now`, oldest first.
    func poll(now: Double) -> [ButtonEdge]
    /// When the next edge is due, when known in advance (a script); nil for a real button
    /// (it wakes the loop itself through the closure it was given).
    var nextTime: Double? { get }
}

/// Debouncing on the edges' own timestamps: a change of level is taken at once (a press
/// stops the adhan without waiting) and the bounces within `window` seconds after it are
/// ignored; `settle` then reports the level the line rests at, in case the last bounce
/// left it different. Pure: the same edges give the same answer.
public struct Debouncer: Sendable, Equatable {
    public let window: Double
    public private(set) var level: Bool
    public private(set) var lastChange = -Double.infinity

    public init(window: Double, level: Bool = false) {
        self.window = window
        self.level = level
    }

    /// A raw edge to `pressed` at `t`; returns the debounced edge it makes, if any.
    public mutating func edge(pressed: Bool, at t: Double) -> ButtonEdge? {
        guard pressed != level, t - lastChange >= window else { return nil }
        level = pressed
        lastChange = t
        return ButtonEdge(pressed: pressed, at: t)
    }

    /// Once the window after the last change has passed: the line's actual level, read at
    /// `t`. Returns an edge when it differs from the debounced level.
    public mutating func settle(actual: Bool, at t: Double) -> ButtonEdge? {
        guard actual != level, t - lastChange >= window else { return nil }
        level = actual
        lastChange = t
        return ButtonEdge(pressed: actual, at: t)
    }
}
