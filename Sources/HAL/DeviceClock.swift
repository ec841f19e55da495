/// Time for everything that needs it: monotonic time for intervals and deadlines, wall
/// time for prayer times. Injected, so a simulated day can pass in a second.
public protocol DeviceClock: Sendable {
    /// Seconds on a clock that never steps (since some start).
    func monotonicNow() -> Double
    /// UTC seconds since 1970 (can step: NTP, GPS, a user).
    func wallNow() -> Double
    /// Suspends until the monotonic clock reaches `deadline`.
    func sleep(untilMonotonic deadline: Double) async throws
}

/// x, y, z in a sensor's own axes, SI units (uT for fields, m/s^2 for acceleration).
public struct Triple: Sendable, Equatable {
    public var x: Double, y: Double, z: Double
    public init(_ x: Double, _ y: Double, _ z: Double) {
        self.x = x; self.y = y; self.z = z
    }
}
