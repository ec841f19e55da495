import FoundationEssentials
import Glibc
import UnitModel

/// What is known of a site's units from the broker (a unit's link for its admin page, and
/// `mihrab site show`). A unit on the roster (`[units]`) counts only by what it signed
/// (`UnitSeal`): its status when the seal verifies, and "online" only while its last signed
/// status is under `lostAfter` old, whatever the retained topics say. Anything else is kept
/// apart, as a stranger, and never crowds the roster out.
public struct PeerBook: Sendable {
    public struct Entry: Sendable, Equatable {
        public var id: String
        /// On the site's roster: its status is its own, signed.
        public var enrolled: Bool
        /// "online", "offline", "lost" or "unknown".
        public var state: String
        public var status: StatusReport?
        /// When an enrolled unit signed its last status.
        public var signedAt: Date?
    }

    private struct Heard {
        var announced = "unknown"
        var status: StatusReport?
        var signedAt: Date?
    }

    public private(set) var roster: [String: SiteKey] = [:]
    private var enrolled: [String: Heard] = [:]
    private var strangers: [String: Heard] = [:]
    /// Units off the roster remembered (a broker full of strangers costs nothing more).
    public static let maximumStrangers = 256
    /// An enrolled unit whose last signed status is older than this is lost (it publishes one
    /// at least every minute while it runs).
    public static let lostAfter = 120.0
    /// A status larger than this is not read.
    static let maximumStatusBytes = 64 * 1024

    public init(roster: [String: String] = [:]) { setRoster(roster) }

    /// The roster in force (ids and public keys as `[units]` has them; a key that does not
    /// parse is left out). Units leaving it become strangers until heard again.
    public mutating func setRoster(_ r: [String: String]) {
        roster = r.compactMapValues { SiteKey($0) }
        enrolled = enrolled.filter { roster[$0.key] != nil }
        for id in roster.keys { strangers[id] = nil }
    }

    public var hasRoster: Bool { !roster.isEmpty }

    /// A unit's retained state word (never trusted for an enrolled unit's "online").
    public mutating func state(_ id: String, _ payload: Data) {
        let word = String(decoding: payload.prefix(16), as: UTF8.self)
        update(id) { $0.announced = word.isEmpty ? "unknown" : word }
    }

    /// A status as read, before it is taken: an enrolled unit's verified, with when it was signed.
    public enum Reading: Sendable {
        case enrolled(StatusReport, signedAt: Date)
        case stranger(StatusReport?)
        case refused
    }

    /// A signed status from further ahead than this (a clock set wrong, or one captured from
    /// such a clock) is not taken: it would count as fresh, and hold back the right ones.
    static let aheadAllowed = 30.0

    /// Reads a unit's status (the signature checked, the JSON decoded) without touching the
    /// book: the costly part, done outside any lock. `key`: the unit's on the roster, if it is.
    public static func read(_ id: String, _ payload: Data, key: SiteKey?, now: Date = Date()) -> Reading {
        guard payload.count < maximumStatusBytes else { return .refused }
        guard let key else { return .stranger(try? JSONDecoder().decode(StatusReport.self, from: payload)) }
        guard let (body, at) = UnitSeal.open(payload, topic: Topics.status(id), key: key), at.timeIntervalSince(now) <= aheadAllowed,
              let s = try? JSONDecoder().decode(StatusReport.self, from: body) else { return .refused }
        return .enrolled(s, signedAt: at)
    }

    /// A status read: an enrolled unit's only if its seal verified (a forged one changes
    /// nothing, nor does an older one replayed); a stranger's as it is.
    public mutating func take(_ id: String, _ reading: Reading) {
        switch reading {
        case .enrolled(let s, let at):
            guard roster[id] != nil else { return }
            if let before = enrolled[id]?.signedAt, before > at { return }
            enrolled[id, default: Heard()].status = s
            enrolled[id, default: Heard()].signedAt = at
        case .stranger(let s):
            guard roster[id] == nil else { return }
            update(id) { $0.status = s }
        case .refused:
            return
        }
    }

    public mutating func status(_ id: String, _ payload: Data, now: Date = Date()) {
        take(id, PeerBook.read(id, payload, key: roster[id], now: now))
    }

    private mutating func update(_ id: String, _ change: (inout Heard) -> Void) {
        if roster[id] != nil {
            change(&enrolled[id, default: Heard()])
        } else if strangers[id] != nil || strangers.count < PeerBook.maximumStrangers {
            change(&strangers[id, default: Heard()])
        }
    }

    /// Every unit on the roster (heard or not), then the strangers, each sorted by id.
    public func entries(now: Date) -> [Entry] {
        let mine = roster.keys.sorted().map { id -> Entry in
            let h = enrolled[id] ?? Heard()
            let fresh = h.signedAt.map { (-PeerBook.aheadAllowed...PeerBook.lostAfter).contains(now.timeIntervalSince($0)) } ?? false
            let state = fresh ? "online" : h.announced == "offline" ? "offline" : "lost"
            return Entry(id: id, enrolled: true, state: state, status: h.status, signedAt: h.signedAt)
        }
        let others = strangers.keys.sorted().map { id in
            Entry(id: id, enrolled: false, state: strangers[id]?.announced ?? "unknown", status: strangers[id]?.status, signedAt: nil)
        }
        return mine + others
    }
}
