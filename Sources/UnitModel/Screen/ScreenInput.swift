import PrayerTimes

/// What the control loop publishes for the screens: an immutable value, built on the loop's
/// thread and read by the outputs on theirs. The screen model at any instant is a pure
/// function of it (`ScreenModel.at(_:_:)`).
public struct ScreenInput: Sendable {
    /// One planned local day: its computed times and its events (adhans, iqamahs, reminders).
    public struct Day: Sendable {
        /// Where a day's times come from.
        public enum Source: String, Sendable {
            /// Computed with the configured method.
            case method
            /// The configured timetable's row for the date.
            case timetable
        }

        public var schedule: DaySchedule
        public var events: [PlannedEvent]
        public var source: Source
        /// The day's times not to pray and Duha (`[screen] show_forbidden` or `show_duha`;
        /// nil when both are off, or for a day not planned at a place).
        public var forbidden: ForbiddenTimes? = nil
        public var date: CivilDate { schedule.date }

        public init(schedule: DaySchedule, events: [PlannedEvent], source: Source = .method) {
            self.schedule = schedule
            self.events = events
            self.source = source
        }
    }

    public struct QiblaReading: Sendable, Equatable {
        public var bearing: Double
        public var offset: Double
        public var accuracy: QiblaGrade

        public init(bearing: Double, offset: Double, accuracy: QiblaGrade) {
            self.bearing = bearing
            self.offset = offset
            self.accuracy = accuracy
        }
    }

    public var config: SiteConfig
    public var zone: ZoneRules
    /// Consecutive days, in order (the loop plans yesterday, today and tomorrow).
    public var days: [Day]
    public var trusted: Bool
    /// Where the times are computed for (nil: no usable position).
    public var position: Coordinates?
    /// Every condition that holds (the status LED shows only the worst).
    public var notices: [StatusCondition]
    /// Nil: no compass, or its reading is unreliable.
    public var qibla: QiblaReading?
    /// The next time of each of `[[events]]` within `Planner.specialsHorizonDays` of the
    /// planned date, in time order (`Planner.upcomingSpecials`).
    public var specials: [PlannedEvent] = []
    /// The display's power as the unit wants it now is off (`[display]`'s schedule, or an
    /// override): the page goes dark, for a TV that neither CEC nor the compositor can turn off.
    public var displayOff = false
    /// Setup mode's address and code (nil outside it): the screens show them.
    public var setup: SetupView?
    /// The site's urgent message, taken and not cleared (the model shows it until it ends).
    public var message: UrgentMessage?

    public init(config: SiteConfig, zone: ZoneRules, days: [Day], trusted: Bool, position: Coordinates? = nil, notices: [StatusCondition] = [],
                qibla: QiblaReading? = nil) {
        self.config = config
        self.zone = zone
        self.days = days
        self.trusted = trusted
        self.position = position
        self.notices = notices
        self.qibla = qibla
    }
}
