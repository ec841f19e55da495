import Service
import UnitModel

/// What the admin page needs of the unit it runs in (the daemon gives the real one; tests a
/// fake). Every call comes from the admin server's tasks, never the loop's thread.
public protocol AdminBackend: Sendable {
    /// The site settings in force and the config the unit runs with (to fill the forms).
    func snapshot() -> AdminSnapshot
    /// A new site settings text (the admin page's edit of `snapshot().siteTOML`): checked
    /// like the file (`SiteSettings.check`, same messages), stored atomically with the
    /// previous version kept, applied by reload, published to the site when MQTT is set, and
    /// logged with `user`. Returns the new version, and whether it stayed on this unit.
    func apply(toml: String, user: String) -> Result<SavedSettings, ConfigError>
    /// Every unit of the site known from MQTT (this one included); just this one without MQTT.
    func units() -> [AdminUnit]
    /// "stop", "test-sound", "identify" or "reload" sent to a unit; returns the command's id
    /// (the unit answers on its event topic with it).
    func command(_ name: String, unit: String, user: String) -> Result<String, AdminCommandError>
    /// The site's urgent message to every unit (`AdminBackend.message` below).
    func message(_ request: MessageRequest, user: String) -> Result<MessageSent, AdminCommandError>
    /// The unit's `[screen] language` now: the page's language when the browser asks for none
    /// we have. Asked at every request, so cheap (no file read).
    func language() -> String
}

/// What sending the site's urgent message did: its id, and on how many units it was sent
/// (this one included), and why it stayed on fewer (no site key to sign it, the broker away).
public struct MessageSent: Sendable, Equatable {
    public var id: String
    public var units: Int
    public var problem: String?
    public init(id: String, units: Int, problem: String? = nil) { (self.id, self.units, self.problem) = (id, units, problem) }
}

extension AdminBackend {
    /// The site's urgent message (`text` "" clears it) to every unit of the site, this one
    /// first (it never waits on the broker), signed with the site key when this unit holds it;
    /// logged with `user`, who is named as its sender.
    public func message(_ request: MessageRequest, user: String) -> Result<MessageSent, AdminCommandError> {
        .failure(AdminCommandError("this unit's admin page cannot send a message"))
    }
}

public struct AdminSnapshot: Sendable {
    /// 0: no site settings yet (the unit's own file only).
    public var version: Int
    /// The site settings' TOML as applied ("" when none).
    public var siteTOML: String
    /// What the unit runs with now (its file with the site settings over it).
    public var effective: SiteConfig
    public init(version: Int, siteTOML: String, effective: SiteConfig) {
        (self.version, self.siteTOML, self.effective) = (version, siteTOML, effective)
    }
}

/// What a save did: its version, and whether it stayed on this unit although the unit is on a
/// site's network (no signing key, no admin account, or the broker away: the unit's log says).
public struct SavedSettings: Sendable, Equatable {
    public var version: Int
    public var stayedHere: Bool
    public init(version: Int, stayedHere: Bool = false) { (self.version, self.stayedHere) = (version, stayedHere) }
}

public struct AdminUnit: Sendable, Equatable {
    public var id: String
    /// "online", "offline", "lost", or "unknown" (a status seen, no state yet).
    public var state: String
    /// Its last status (retained on `mihrab/v1/unit/<id>/status`), when one was read.
    public var status: StatusReport?
    /// On the site's roster (its report verified with its own key); false: listed apart; nil:
    /// the site has no roster.
    public var enrolled: Bool?
    public init(id: String, state: String, status: StatusReport?, enrolled: Bool? = nil) {
        (self.id, self.state, self.status, self.enrolled) = (id, state, status, enrolled)
    }
}

public struct AdminCommandError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ d: String) { description = d }
}
