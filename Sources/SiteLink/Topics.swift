/// The topics (README, "The network of units"). Everything under `mihrab/v1/`, so a second
/// version of the layout can live beside this one.
public enum Topics {
    public static let root = "mihrab/v1"
    public static func siteConfig(_ site: String) -> String { "\(root)/site/\(site)/config" }
    public static func unit(_ id: String) -> String { "\(root)/unit/\(id)" }
    public static func state(_ id: String) -> String { unit(id) + "/state" }
    public static func status(_ id: String) -> String { unit(id) + "/status" }
    public static func event(_ id: String) -> String { unit(id) + "/event" }
    public static func command(_ id: String, _ name: String) -> String { unit(id) + "/cmd/\(name)" }
    /// The signed site config a unit applied (retained): what the next version must go above,
    /// verifiable, even when the site's own topic holds a forgery or the broker lost it.
    public static func applied(_ id: String) -> String { unit(id) + "/config" }
    public static let everyApplied = "\(root)/unit/+/config"
    public static let everyState = "\(root)/unit/+/state"
    public static let everyStatus = "\(root)/unit/+/status"

    /// The unit id in `mihrab/v1/unit/<id>/<leaf>`, when the topic is one.
    public static func unitID(in topic: String, leaf: String) -> String? {
        let parts = topic.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0] == "mihrab", parts[1] == "v1", parts[2] == "unit", parts[4] == leaf else { return nil }
        return String(parts[3])
    }

    /// The command's name in `mihrab/v1/unit/<id>/cmd/<name>`.
    public static func commandName(in topic: String, unit: String) -> String? {
        let prefix = Topics.unit(unit) + "/cmd/"
        guard topic.hasPrefix(prefix) else { return nil }
        let name = topic.dropFirst(prefix.count)
        return name.contains("/") ? nil : String(name)
    }
}

/// A state topic's payloads (retained): online while connected, offline after a clean stop,
/// lost (the broker's last will for us) when the link died without one.
public enum UnitPresence: String, Sendable { case online, offline, lost }
