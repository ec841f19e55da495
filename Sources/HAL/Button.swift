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
    /// Why the button stopped working (its line or chip went away), nil while it works.
    var problem: String? { get }
    /// The button was down when it was opened (held while the unit started): no edge says so.
    var pressedAtStart: Bool { get }
}

extension ButtonInput {
    public var problem: String? { nil }
    /// A scripted button's press at the start is an edge like any other.
    public var pressedAtStart: Bool { false }
}

/// Debouncing on the edges' own timestamps: a change of level is taken at once (a press
/// stops the adhan without waiting); the next change is taken only once no raw edge has
/// contested the debounced level for `window` seconds: every edge against it, taken or
/// refused, restarts the window, so a bounce train longer than the window gives no extra
/// edges. Edges that agree with the level (a mislabelled one: the kernel reads the level
/// after the interrupt, the line may have moved on) do not hold the next change back.
/// `settle` then reports the level the line rests at, once no raw edge at all came for the
/// window, in case the last bounce left it different or its edge was lost or mislabelled.
/// Pure: the same edges give the same answer.
///
/// Leading-edge on purpose: a glitch (one short spike) is taken as a press, and reported
/// released when settled; rejecting glitches would delay every press by the window.
public struct Debouncer: Sendable, Equatable {
    public let window: Double
    public private(set) var level: Bool
    /// When the debounced level last changed.
    public private(set) var lastChange = -Double.infinity
    /// The last raw edge, whatever it said (or the last settled change).
    public private(set) var lastEdge = -Double.infinity
    /// The last raw edge against the debounced level, taken or refused (or settled change).
    private var lastContest = -Double.infinity

    public init(window: Double, level: Bool = false) {
        self.window = window
        self.level = level
    }

    /// A raw edge to `pressed` at `t`; returns the debounced edge it makes, if any.
    public mutating func edge(pressed: Bool, at t: Double) -> ButtonEdge? {
        lastEdge = max(lastEdge, t)
        guard pressed != level else { return nil }
        defer { lastContest = max(lastContest, t) }
        guard t >= lastContest + window else { return nil }
        level = pressed
        lastChange = t
        return ButtonEdge(pressed: pressed, at: t)
    }

    /// When `settle` can next say something: `window` after the last raw edge. Settling at
    /// exactly this time works (the same expression is compared, whatever its rounding).
    public var settleTime: Double { lastEdge + window }

    /// Once no raw edge came for the window: the line's actual level, read at `t`. Returns
    /// an edge when it differs from the debounced level (nil, and no change, before then).
    public mutating func settle(actual: Bool, at t: Double) -> ButtonEdge? {
        guard actual != level, t >= settleTime else { return nil }
        level = actual
        lastChange = t
        lastEdge = t
        lastContest = t
        return ButtonEdge(pressed: actual, at: t)
    }
}
