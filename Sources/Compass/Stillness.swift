/// Whether the unit is standing still, from its compass readings: each reading's true heading
/// against a reference (the readings of the last half second, averaged), counted while they
/// agree within `tolerance`. The loop reads the compass more slowly while the unit is still
/// and at its full rate again from the first reading that moved.
public struct Stillness: Sendable {
    /// Degrees a reading may stray from the reference and still count as still: well above
    /// the chips' noise (the simulated board's is about 0.6 degrees, one sigma) and a slow
    /// drift, well below a hand's turn between two readings.
    public let tolerance: Double
    /// Readings in a row that must agree.
    public let needed: Int
    private var reference = HeadingFilter(timeConstant: 0.5)
    private var agreeing = 0

    public init(tolerance: Double = 3, needed: Int = 6) {
        self.tolerance = tolerance
        self.needed = max(1, needed)
    }

    /// The last `needed` readings agreed.
    public var isStill: Bool { agreeing >= needed }

    /// A reading's true heading (degrees), `dt` seconds after the one before.
    public mutating func add(_ heading: Double, dt: Double) {
        let before = reference.value
        _ = reference.update(heading, dt: dt)
        if let before, abs(qiblaOffset(qiblaBearing: heading, trueHeading: before)) <= tolerance {
            agreeing += 1
        } else {
            agreeing = 0
        }
    }

    /// No reading (a chip failing, no heading): not known to be still.
    public mutating func reset() {
        agreeing = 0
        reference.reset()
    }
}
