/// What the setup page needs of the unit it runs in (the daemon gives the real one; tests a
/// fake). Every call comes from the admin server's tasks, never the loop's thread.
public protocol SetupBackend: Sendable {
    /// Whether the unit is in setup mode: no admin password yet.
    func setupActive() -> Bool
    /// A setup code typed on the page, from `client` (its address): the unit's throttle and
    /// the code's rotation live behind it.
    func checkCode(_ code: String, client: String) -> SetupCodeCheck
    /// The places of that name (the GeoNames table), best first.
    func searchPlaces(_ name: String) -> Result<[SetupPlace], SetupFailure>
    /// The places nearest the unit's GPS fix; [] without one.
    func suggestedPlaces() -> [SetupPlace]
    /// Writes the password and the settings (checked as `mihrab config check` checks them) and
    /// reloads. Failure: the config's one-line error, nothing stored.
    func finish(_ result: SetupResult, client: String) -> Result<Void, SetupFailure>
}

public enum SetupCodeCheck: Sendable, Equatable {
    case accepted, wrong
    /// Too many wrong codes: the next try is heard after that many seconds.
    case throttled(seconds: Int)
}

/// A place the page offers: where it is, its clock, and the method (and JAKIM zone) its
/// country's authority uses.
public struct SetupPlace: Sendable, Equatable {
    public var name: String
    /// ISO 3166 alpha-2 ("MY").
    public var country: String
    public var latitude: Double
    public var longitude: Double
    /// IANA ("Asia/Kuala_Lumpur").
    public var zone: String
    /// A `CalculationMethod`'s config name ("jakim").
    public var method: String
    public var jakimZone: String?
    public var population: Int

    public init(name: String, country: String, latitude: Double, longitude: Double, zone: String, method: String,
                jakimZone: String? = nil, population: Int) {
        (self.name, self.country, self.latitude, self.longitude) = (name, country, latitude, longitude)
        (self.zone, self.method, self.jakimZone, self.population) = (zone, method, jakimZone, population)
    }
}

/// The setup page's answers, checked: the admin account and the unit's settings (TOML made
/// with TOMLKit: `[location]`, `[time]`, `[calculation]`, `[iqamah]`, `[screen]`).
public struct SetupResult: Sendable, Equatable {
    public var user: String
    public var password: String
    public var siteTOML: String
    public init(user: String, password: String, siteTOML: String) {
        (self.user, self.password, self.siteTOML) = (user, password, siteTOML)
    }
}

/// Why a search or the finish failed: one line naming what and where.
public struct SetupFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
