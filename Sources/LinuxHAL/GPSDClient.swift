import FoundationEssentials
import Glibc
import Platform
import HAL
import Synchronization

/// A gpsd client that keeps going whatever gpsd does: not running at start, killed or
/// restarted, the receiver unplugged and plugged back, fixes with NaN fields, silence.
/// It runs on a thread of its own (libgps blocks), reconnects with back-off (capped at a
/// few seconds) and sends its WATCH again each time. It never blocks the control loop:
/// events arrive on an AsyncStream. Following gpsd's client advice: the fix's mode and
/// the `set` mask decide (see hal/gps), `status` is never used.
public final class GPSDClient: PositionSource, Sendable {
    public struct Options: Sendable {
        public var host = "localhost"
        public var port = 2947
        public var initialBackoff = 0.25
        public var maxBackoff = 4.0
        /// No data at all for this long: reconnect.
        public var watchdog = 10.0
        public init(host: String = "localhost", port: Int = 2947) {
            self.host = host
            self.port = port
        }
    }

    public let options: Options
    private let stopped = Atomic<Bool>(false)
    /// Connections made (for status and tests).
    private let connectionCount = Atomic<Int>(0)

    public init(options: Options) { self.options = options }

    public var connections: Int { connectionCount.load(ordering: .relaxed) }

    public func stop() { stopped.store(true, ordering: .relaxed) }

    public func events() -> AsyncStream<PositionEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: PositionEvent.self, bufferingPolicy: .bufferingNewest(256))
        startThread(name: "gpsd-client") { [self] in
            run(continuation)
            continuation.finish()
        }
        return stream
    }

    private var isStopped: Bool { stopped.load(ordering: .relaxed) }

    private func run(_ out: AsyncStream<PositionEvent>.Continuation) {
        var backoff = options.initialBackoff
        var lastStatus: PositionStatus?
        func status(_ s: PositionStatus) {
            if s != lastStatus { out.yield(.status(s)) }
            lastStatus = s
        }
        while !isStopped {
            let connection: GPSDConnection
            do {
                connection = try GPSDConnection(host: options.host, port: options.port)
            } catch {
                status(.noDaemon(error.description))
                pause(backoff)
                backoff = min(backoff * 2, options.maxBackoff)
                continue
            }
            connectionCount.add(1, ordering: .relaxed)
            backoff = options.initialBackoff
            var lastData = Date()
            reading: while !isStopped {
                let events: [GPSDEvent]
                do {
                    events = try connection.next(timeoutMicroseconds: 250_000)
                } catch {
                    status(.noDaemon(error.description))
                    break reading
                }
                if events.isEmpty {
                    if Date().timeIntervalSince(lastData) > options.watchdog {
                        status(.silent)
                        break reading  // reconnect: a new connection and a new WATCH
                    }
                    continue
                }
                lastData = Date()
                for event in events {
                    switch event {
                    case .device(_, let activated):
                        if !activated { status(.noDevice) }
                    case .fix(let f):
                        if let bad = f.rejectedCoordinates {
                            out.yield(.rejected("gpsd reported latitude \(bad.latitude), longitude \(bad.longitude) "
                                + "(out of range or not a number as written)"))
                        } else if f.hasPosition, let lat = f.latitude, let lon = f.longitude {
                            let fix = PositionFix(time: f.time, latitude: lat, longitude: lon, altitude: f.altitudeMSL,
                                                  horizontalError: f.horizontalError,
                                                  mode: f.mode == .threeD ? .threeD : .twoD)
                            lastStatus = nil
                            out.yield(.fix(fix))
                        } else if f.mode == .noFix {
                            status(.noFix)
                        }
                    }
                }
            }
            if !isStopped { pause(backoff) }
        }
    }

    /// Sleeps in short slices so that `stop()` is honoured quickly.
    private func pause(_ seconds: Double) {
        var left = seconds
        while left > 0 && !isStopped {
            let slice = min(left, 0.05)
            usleep(UInt32(slice * 1_000_000))
            left -= slice
        }
    }
}
