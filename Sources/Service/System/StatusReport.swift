import FoundationEssentials
import Glibc
import HAL
import PrayerTimes
import Compass

/// /run/mihrab/status.json: what the unit knows, for `mihrab status` and for people. One
/// Codable value, written by the daemon and read back by `mihrab status`.
public struct StatusReport: Codable, Sendable, Equatable {
    public struct Next: Codable, Sendable, Equatable {
        public var event: String
        public var prayer: String
        public var at: String
        public var inSeconds: Int
    }
    public struct Position: Codable, Sendable, Equatable {
        public var latitude: Double?
        public var longitude: Double?
        public var source: String
        /// The JAKIM zone whose points give the times (`calculation.jakim_zone`): the times are
        /// the zone's, not the position's; nil (absent) for none.
        public var jakimZone: String?
    }
    public struct Clock: Codable, Sendable, Equatable {
        public var trusted: Bool
        public var steps: Int
        /// What made it trusted: "gps", "kernel" (NTP) or "config"; nil while it is not (and in older files).
        public var source: String?
    }
    public struct Sensors: Codable, Sendable, Equatable {
        public var magnetometer: String
        public var accelerometer: String
        public var errors: Int
    }
    public struct State: Codable, Sendable, Equatable {
        public var persisted: Bool
        public var problem: String?
    }
    /// The speaker: its device ("none": no speaker), whether it can play (false: the buzzer
    /// sounds instead), the event playing (nil: none), and what is wrong with the sounds or
    /// the stop button (a file that did not load at start, a button gone).
    public struct Sound: Codable, Sendable, Equatable {
        public var device: String
        public var available: Bool
        public var playing: String?
        public var problems: [String]
    }
    /// The daemon's loop thread: its passes, how late the timed ones started against their
    /// deadlines (microseconds; median, p99, max), and the process's CPU time since it started.
    public struct Loop: Codable, Sendable, Equatable {
        public var passes: Int
        public var earlyWakes: Int
        public var overruns: Int
        public var lateMedianMicroseconds: Double?
        public var lateP99Microseconds: Double?
        public var lateMaxMicroseconds: Double?
        public var cpuSeconds: Double
        public var uptimeSeconds: Double
        public init(passes: Int, earlyWakes: Int, overruns: Int, lateMedianMicroseconds: Double?, lateP99Microseconds: Double?,
                    lateMaxMicroseconds: Double?, cpuSeconds: Double, uptimeSeconds: Double) {
            self.passes = passes
            self.earlyWakes = earlyWakes
            self.overruns = overruns
            self.lateMedianMicroseconds = lateMedianMicroseconds
            self.lateP99Microseconds = lateP99Microseconds
            self.lateMaxMicroseconds = lateMaxMicroseconds
            self.cpuSeconds = cpuSeconds
            self.uptimeSeconds = uptimeSeconds
        }
    }
    /// A small display (OLED, LCD): "ok" once shown, "failing" (with the error) while its bus
    /// writes fail, "waiting" before the first model; how many times it was drawn.
    public struct Display: Codable, Sendable, Equatable {
        public var display: String
        public var state: String
        public var problem: String?
        public var renders: Int
        public init(display: String, state: String, problem: String?, renders: Int) {
            self.display = display
            self.state = state
            self.problem = problem
            self.renders = renders
        }
    }
    /// A web server (the wall screen's, the admin page's): "listening", "starting", or "down"
    /// with the reason (it tries again by itself); its connections open now.
    public struct Server: Codable, Sendable, Equatable {
        public var server: String
        public var listen: String
        public var state: String
        public var problem: String?
        public var connections: Int
        public init(server: String, listen: String, state: String, problem: String?, connections: Int) {
            (self.server, self.listen, self.state, self.problem, self.connections) = (server, listen, state, problem, connections)
        }
    }
    public struct Counters: Codable, Sendable, Equatable {
        public var fired: Int
        public var missed: Int
        public var gpioErrors: Int
        public var rejectedFixes: Int
    }

    /// The software's version (the network's status topic; nil in status.json).
    public var version: String?
    public var time: String
    public var date: String?
    public var hijri: String?
    /// Local ISO 8601 times by name: fajr, sunrise, dhuhr, asr, maghrib, isha, imsak, midnight.
    public var times: [String: String]?
    /// Today's iqamah by prayer (local ISO 8601; on Friday Dhuhr's is the first Jumu'ah).
    public var iqamah: [String: String]?
    public var next: Next?
    /// The special event (`[[events]]`) happening now, else the next within `[screen]
    /// event_days_ahead`: the screen's (`ScreenModel.special`); nil for none (and in older files).
    public var special: ScreenModel.Special?
    /// In Ramadan, in its hours, the fast's countdown (imsak or iftar): the screen's (`ScreenModel.fast`).
    public var fast: ScreenModel.Fast?
    public var position: Position
    public var heading: Double?
    public var qiblaOffset: Double?
    public var compass: String
    public var clock: Clock
    public var status: String
    public var problem: String?
    public var gps: String
    public var sensors: Sensors
    public var state: State
    /// Nil in status files written before there was sound.
    public var sound: Sound?
    public var counters: Counters
    /// Nil outside the daemon (and in status files written before it was kept).
    public var loop: Loop?
    /// The board's small displays; nil without any (and in older status files).
    public var displays: [Display]?
    /// The web servers; nil with none (and in older status files).
    public var servers: [Server]?
    /// The site's shared settings and the broker; nil on a unit without `[network]` or `[admin]`.
    public var site: Site?
    /// Every output of the run's output table with its state, in the table's order (relays,
    /// displays, servers, the network); nil with none (and in older status files, and from
    /// `UnitCore.status`: the outputs add their rows in `SnapshotHub.status(of:)`).
    public var outputs: [Output]?

    /// One output: its name (a relay's board name, a display's label, "screen", "admin",
    /// "network"), its kind, its state (`OutputState`) and, when it fails, why.
    public struct Output: Codable, Sendable, Equatable {
        public var name: String
        public var kind: OutputKind
        public var state: OutputState
        public var problem: String?
        public init(name: String, kind: OutputKind, state: OutputState, problem: String? = nil) {
            (self.name, self.kind, self.state, self.problem) = (name, kind, state, problem)
        }
    }

    /// The site config version in force (0: none yet, the unit's own file only), the last one
    /// refused (its one-line reason), and the broker's link.
    public struct Site: Codable, Sendable, Equatable {
        public var name: String
        public var unit: String
        public var configVersion: Int
        /// The series after a signed reset (nil: series 0).
        public var configSeries: Int?
        public var refused: String?
        /// Site configs and commands refused since the start (unsigned, badly signed, stale,
        /// replayed, not newer, or failing the check).
        public var refusals: Int?
        /// "connected", "connecting" (with the last error in `problem`), "off".
        public var broker: String
        public var problem: String?
        /// How the unit logs in ("account", or "none": no credentials), and whether the broker
        /// takes clients without an account (anyone on the network may read and publish; the
        /// signatures keep them from steering); nil while not known.
        public var login: String?
        public var openBroker: Bool?
        public init(name: String, unit: String, configVersion: Int, refused: String?, broker: String, problem: String?) {
            (self.name, self.unit, self.configVersion, self.refused, self.broker, self.problem) = (name, unit, configVersion, refused, broker, problem)
        }
    }
}

extension UnitCore {
    /// The next planned prayer's event after a time (adhan, iqamah, reminder, sunrise):
    /// `PlannedEvent.next`, the one answer every output asks.
    public func nextEvent(after wall: Double) -> PlannedEvent? { PlannedEvent.next(after: wall, in: events, kinds: PlannedEvent.statusKinds) }

    /// `screen`: the screen's input when the caller has built it already (the snapshot).
    public func status(wall: Double, screen given: ScreenInput? = nil) -> StatusReport {
        func iso(_ t: Double) -> String { EventRecorder.iso(t, zone: zone, millis: false) }
        func finite(_ v: Double?, _ places: Double) -> Double? { v.flatMap { $0.isFinite ? ($0 * places).rounded() / places : nil } }
        func sensor(_ c: (any VectorSensorChannel)?) -> String {
            guard let c else { return "none" }
            return c.isHealthy ? "ok" : (c.isLost ? "lost" : "failing")
        }
        var times: [String: String]?
        if let s = today {
            times = Dictionary(uniqueKeysWithValues: Prayer.allCases.map { ($0.rawValue, iso(s[$0])) })
            times?["imsak"] = iso(s.imsak)
            times?["midnight"] = iso(s.midnight)
        }
        let screen = given ?? screenInput
        var report = StatusReport(
            time: iso(wall), date: today.map { "\($0.date)" },
            hijri: today.map { "\(HijriCalendar.date(for: $0.date, offset: config.hijriOffset))" }, times: times,
            iqamah: today.map { day in
                Dictionary(events.filter { $0.kind == .iqamah && $0.date == day.date && $0.index == 0 }.map { ($0.prayer.rawValue, iso($0.time)) }) { a, _ in a }
            },
            next: nextEvent(after: wall).map { .init(event: $0.kind.rawValue, prayer: $0.prayer.rawValue, at: iso($0.time),
                                                     inSeconds: Int($0.time - wall)) },
            position: .init(latitude: finite(latitude, 1e5), longitude: finite(longitude, 1e5), source: positionSource.rawValue,
                            jakimZone: config.jakimZone),
            heading: finite(heading, 10), qiblaOffset: finite(qiblaOffset, 10), compass: accuracy.rawValue,
            clock: .init(trusted: clockTrusted, steps: clockSteps, source: clockTrustedBy), status: statusCondition.rawValue, problem: planProblem,
            gps: gpsStatus,
            sensors: .init(magnetometer: sensor(hw.magnetometer), accelerometer: sensor(hw.accelerometer),
                           errors: (hw.magnetometer?.errorCount ?? 0) + (hw.accelerometer?.errorCount ?? 0)),
            state: .init(persisted: store.persisted, problem: store.saveFailure),
            sound: .init(device: hw.sound?.deviceName ?? "none", available: hw.sound?.isAvailable ?? false,
                         playing: audio.playing.map(\.id),
                         problems: config.sound.problems + (hw.button?.problem.map { ["stop button: \($0)"] } ?? [])),
            counters: .init(fired: fired, missed: missed, gpioErrors: gpioErrors, rejectedFixes: rejectedFixes))
        // What the screen shows, from the screen's own functions over the same input.
        report.special = ScreenModel.special(at: wall, screen)
        report.fast = ScreenModel.fast(at: wall, screen)
        return report
    }

}

extension StatusReport {
    /// status.json's bytes (sorted keys).
    public func json() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(self)) ?? Data("{}".utf8)  // finite numbers and strings: always encodes
    }
}
