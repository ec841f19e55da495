import Compass

/// status.json's states, each the word it has always written (`StateWord`).
extension StatusReport {
    /// `gps`: the receiver as gpsd tells it. A word this version does not know reads as no-fix.
    public enum GPSState: String, StateWord {
        /// No word from gpsd yet (and a unit without `location.source = "gps"`).
        case waiting
        case noGpsd = "no-gpsd", noDevice = "no-device", noFix = "no-fix"
        /// The receiver stopped reporting.
        case silent
        case fix2D = "2d-fix", fix3D = "3d-fix"
        public static let unrecognized = GPSState.noFix
    }

    /// `sensors.magnetometer`, `sensors.accelerometer`: reading, lost (its reads fail, the
    /// compass is dark), failing (some reads fail), or none fitted. Unknown: failing.
    public enum SensorState: String, StateWord {
        case ok, lost, failing
        case absent = "none"
        public static let unrecognized = SensorState.failing
    }

    /// `position.source`: where the position comes from. Unknown: configured.
    public enum PositionSource: String, StateWord {
        /// The receiver's fixes, as they come.
        case gps
        /// The last fix remembered (the state file), while the receiver has none.
        case lastFix = "last-fix"
        /// The config's `[location]`.
        case configured
        public static let unrecognized = PositionSource.configured
    }

    /// `clock.source`: what made the wall clock trusted. Unknown: config (the weakest word for it).
    public enum ClockSource: String, StateWord {
        /// GPS time agreed within 2 s; the kernel reported it synchronised (NTP); the configuration says so.
        case gps, kernel, config
        public static let unrecognized = ClockSource.config
    }

    /// `displays[].state`: shown, its bus writes failing, or waiting for the first model. Unknown: failing.
    public enum DisplayState: String, StateWord {
        case ok, failing, waiting
        public static let unrecognized = DisplayState.failing
    }

    /// `servers[].state`: listening, starting, or down (with the reason; it tries again by
    /// itself). Unknown: down.
    public enum ServerState: String, StateWord {
        case listening, starting, down
        public static let unrecognized = ServerState.down
    }

    /// `site.broker`: the link to the site's broker. Unknown: connecting (not connected).
    public enum BrokerState: String, StateWord {
        case connected
        /// Not connected, trying again (the last error in `site.problem`).
        case connecting
        case off
        public static let unrecognized = BrokerState.connecting
    }

    /// `site.login`: how the unit logs in to the broker, with an account or with none.
    /// Unknown: account (a way of logging in this version does not know is still a login).
    public enum Login: String, StateWord {
        case account
        case anonymous = "none"
        public static let unrecognized = Login.account
    }
}

/// `status`, `notices`: a condition this version does not know is at least not normal: it reads
/// as sensor-fault, the LED's fault pattern.
extension StatusCondition: StateWord {
    public static let unrecognized = StatusCondition.sensorFault
}

/// `compass`: the heading's accuracy, its words Compass's. Unknown: unreliable.
extension HeadingAccuracy: StateWord {
    public static let unrecognized = HeadingAccuracy.unreliable
}
