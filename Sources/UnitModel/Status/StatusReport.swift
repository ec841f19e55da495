import Compass
import FoundationEssentials

/// /run/mihrab/status.json: what the unit knows, for `mihrab status` and for people. One
/// Codable value, written by the daemon and read back by `mihrab status`.
public struct StatusReport: Codable, Sendable, Equatable {
    public struct Next: Codable, Sendable, Equatable {
        public var event: String
        public var prayer: String
        public var at: String
        public var inSeconds: Int
        package init(event: String, prayer: String, at: String, inSeconds: Int) {
            (self.event, self.prayer, self.at, self.inSeconds) = (event, prayer, at, inSeconds)
        }
    }
    public struct Position: Codable, Sendable, Equatable {
        public var latitude: Double?
        public var longitude: Double?
        public var source: PositionSource
        /// The JAKIM zone whose points give the times (`calculation.jakim_zone`): the times are
        /// the zone's, not the position's; nil (absent) for none.
        public var jakimZone: String?
        package init(latitude: Double?, longitude: Double?, source: PositionSource, jakimZone: String? = nil) {
            (self.latitude, self.longitude, self.source, self.jakimZone) = (latitude, longitude, source, jakimZone)
        }
    }
    public struct Clock: Codable, Sendable, Equatable {
        public var trusted: Bool
        public var steps: Int
        /// What made it trusted: "gps", "kernel" (NTP) or "config"; nil while it is not (and in older files).
        public var source: ClockSource?
        package init(trusted: Bool, steps: Int, source: ClockSource? = nil) { (self.trusted, self.steps, self.source) = (trusted, steps, source) }
    }
    public struct Sensors: Codable, Sendable, Equatable {
        public var magnetometer: SensorState
        public var accelerometer: SensorState
        public var errors: Int
        package init(magnetometer: SensorState, accelerometer: SensorState, errors: Int) {
            (self.magnetometer, self.accelerometer, self.errors) = (magnetometer, accelerometer, errors)
        }
    }
    public struct State: Codable, Sendable, Equatable {
        public var persisted: Bool
        public var problem: String?
        package init(persisted: Bool, problem: String? = nil) { (self.persisted, self.problem) = (persisted, problem) }
    }
    /// The speaker: its device ("none": no speaker), whether it can play (false: the buzzer
    /// sounds instead), the event playing (nil: none), and what is wrong with the sounds or
    /// the stop button (a file that did not load at start, a button gone).
    public struct Sound: Codable, Sendable, Equatable {
        public var device: String
        public var available: Bool
        public var playing: String?
        public var problems: [String]
        package init(device: String, available: Bool, playing: String? = nil, problems: [String]) {
            (self.device, self.available, self.playing, self.problems) = (device, available, playing, problems)
        }
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
        public var state: DisplayState
        public var problem: String?
        public var renders: Int
        public init(display: String, state: DisplayState, problem: String?, renders: Int) {
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
        public var state: ServerState
        public var problem: String?
        public var connections: Int
        public init(server: String, listen: String, state: ServerState, problem: String?, connections: Int) {
            (self.server, self.listen, self.state, self.problem, self.connections) = (server, listen, state, problem, connections)
        }
    }
    public struct Counters: Codable, Sendable, Equatable {
        public var fired: Int
        public var missed: Int
        public var gpioErrors: Int
        public var rejectedFixes: Int
        package init(fired: Int, missed: Int, gpioErrors: Int, rejectedFixes: Int) {
            (self.fired, self.missed, self.gpioErrors, self.rejectedFixes) = (fired, missed, gpioErrors, rejectedFixes)
        }
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
    /// The site's urgent message on the screens now (the screen's `ScreenModel.message`); nil
    /// for none (and in older files).
    public var message: ScreenModel.Message?
    public var position: Position
    public var heading: Double?
    public var qiblaOffset: Double?
    public var compass: HeadingAccuracy
    public var clock: Clock
    public var status: StatusCondition
    public var problem: String?
    public var gps: GPSState
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
    /// The hall's TV (`[display] power`); nil when it is "none" (and in older status files).
    public var display: DisplayPower?

    /// As `UnitCore.status` makes it (the outputs add their parts to it: `SnapshotHub.status(of:)`).
    package init(version: String? = nil, time: String, date: String? = nil, hijri: String? = nil, times: [String: String]? = nil,
                 iqamah: [String: String]? = nil, next: Next? = nil, special: ScreenModel.Special? = nil, fast: ScreenModel.Fast? = nil,
                 position: Position, heading: Double? = nil, qiblaOffset: Double? = nil, compass: HeadingAccuracy, clock: Clock,
                 status: StatusCondition, problem: String? = nil, gps: GPSState, sensors: Sensors, state: State, sound: Sound? = nil, counters: Counters, loop: Loop? = nil,
                 displays: [Display]? = nil, servers: [Server]? = nil, site: Site? = nil, outputs: [Output]? = nil) {
        (self.version, self.time, self.date, self.hijri, self.times, self.iqamah, self.next) = (version, time, date, hijri, times, iqamah, next)
        (self.special, self.fast, self.position, self.heading, self.qiblaOffset, self.compass) = (special, fast, position, heading, qiblaOffset, compass)
        (self.clock, self.status, self.problem, self.gps, self.sensors, self.state) = (clock, status, problem, gps, sensors, state)
        (self.sound, self.counters, self.loop, self.displays, self.servers, self.site, self.outputs) = (sound, counters, loop, displays, servers, site, outputs)
    }

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
        public var broker: BrokerState
        public var problem: String?
        /// How the unit logs in ("account", or "none": no credentials), and whether the broker
        /// takes clients without an account (anyone on the network may read and publish; the
        /// signatures keep them from steering); nil while not known.
        public var login: Login?
        public var openBroker: Bool?
        public init(name: String, unit: String, configVersion: Int, refused: String?, broker: BrokerState, problem: String?) {
            (self.name, self.unit, self.configVersion, self.refused, self.broker, self.problem) = (name, unit, configVersion, refused, broker, problem)
        }
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
