/// A three-axis sensor kept going by its driver layer (Drivers' `SensorChannel`): what the
/// unit's loop needs of it, so the loop does not depend on the drivers. Time comes from the
/// caller (monotonic seconds).
public protocol VectorSensorChannel: AnyObject {
    /// One poll at `now`: a new sample, or nil (none ready, or an error).
    @discardableResult
    func poll(now: Double) -> Triple?
    /// The last poll worked.
    var isHealthy: Bool { get }
    /// Nothing has worked for long: a sensor fault to report.
    var isLost: Bool { get }
    /// The newest good sample and when it was read.
    var latest: Triple? { get }
    var latestTime: Double? { get }
    /// Errors since the start.
    var errorCount: Int { get }
}
