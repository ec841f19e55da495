import FoundationEssentials
import Glibc
import Platform
import Service

/// Which commands a unit takes: the harmless ones it allows unsigned, the rest only signed
/// with its site key, never older than the newest it took (whether or not its clock is
/// trusted), within a minute of its clock once the clock is trusted, and never the same nonce
/// twice. What it took is kept on disk (`CommandLedger`), so a restart forgets nothing.
/// Mutated on the network's queue only.
public struct CommandGate: Sendable {
    let key: SiteKey?
    let unsigned: Set<String>
    /// Where the ledger is kept (nil: in memory only).
    let path: String?
    /// A signed command older or newer than this (seconds, by a trusted clock) is stale.
    public static let window = 60.0
    static let maximumNonces = 4096
    private(set) var ledger: CommandLedger
    /// Why the ledger could not be read or written, once (nil: it could).
    public private(set) var problem: String?

    /// Reads a command's (and a unit seal's) time: ISO 8601 with the time zone, whole seconds
    /// ("2026-11-27T22:33:45Z"), as `utcISO8601` writes it.
    static let iso = Date.ISO8601FormatStyle()

    /// `path`: the ledger's file; one kept for another key is not this key's (a new site key
    /// starts with nothing taken).
    public init(key: SiteKey?, unsigned: [String], path: String? = nil) {
        (self.key, self.unsigned, self.path) = (key, Set(unsigned), path)
        ledger = CommandLedger(key: key?.text ?? "")
        guard let path else { return }
        switch readSmallFile(path, limit: CommandLedger.maximumBytes) {
        case .success(nil): break
        case .success(let data?):
            if let l = try? JSONDecoder().decode(CommandLedger.self, from: data) {
                if l.key == ledger.key { ledger = l }
            } else {
                problem = "\(path): not a command ledger; moved to \(moveAside(path, suffix: ".corrupt") ?? "nowhere"), started again"
            }
        case .failure(let p): problem = "\(path): \(p)"
        }
    }

    /// nil when the command is taken; else why not, in one line.
    public mutating func refusal(_ name: String, topic: String, body: CommandBody, now: Date, clockTrusted: Bool) -> String? {
        guard let signature = body.signature else {
            if unsigned.contains(name) { return nil }
            let allowed = unsigned.isEmpty ? "none" : unsigned.sorted().joined(separator: ", ")
            return "\(topic): unsigned: \(name) is taken only signed with the site key (mihrab site command --key); unsigned: \(allowed)"
        }
        guard let key else { return "\(topic): this unit has no [network] site_key, so it takes no signed command" }
        guard let time = body.time, let nonce = body.nonce, (16...64).contains(nonce.count), let at = try? CommandGate.iso.parse(time) else {
            return "\(topic): a signed command needs its time (ISO 8601) and a nonce (16 to 64 characters)"
        }
        guard key.verifies(signature, over: body.signingInput(topic: topic)) else {
            return "\(topic): the signature does not verify with this unit's site_key (\(key)): changed or forged"
        }
        let signed = at.timeIntervalSince1970
        if signed < ledger.newest {
            return "\(topic): replayed: signed at \(time), before the newest command this unit took (\(utcISO8601(ledger.newest)))"
        }
        let off = now.timeIntervalSince(at)
        if clockTrusted, abs(off) > CommandGate.window {
            return "\(topic): stale: signed at \(time), \(Int(abs(off).rounded())) s from this unit's clock (at most \(Int(CommandGate.window)))"
        }
        if ledger.nonces[nonce] != nil { return "\(topic): replayed: nonce \(nonce.prefix(16)) was taken already" }
        take(nonce, signed: signed)
        return nil
    }

    /// Remembers a command taken, on disk before it runs.
    private mutating func take(_ nonce: String, signed: Double) {
        ledger.newest = max(ledger.newest, signed)
        ledger.nonces[nonce] = signed
        // Older than the newest is refused by its time: only the nonces of the newest window matter.
        ledger.nonces = ledger.nonces.filter { ledger.newest - $0.value <= CommandGate.window }
        while ledger.nonces.count > CommandGate.maximumNonces, let oldest = ledger.nonces.min(by: { $0.value < $1.value }) {
            ledger.nonces[oldest.key] = nil
        }
        guard let path else { return }
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys]
        do {
            try writeAtomically((try? e.encode(ledger)) ?? Data(), to: path, mode: 0o600)
            problem = nil
        } catch {
            problem = "\(path): cannot be written (\(error)): a restart would forget which commands were taken"
        }
    }
}

/// The signed commands a unit took (`commands.json` in its state directory): the key they
/// were signed with, the newest signed time, and the nonces of the last minute before it.
public struct CommandLedger: Codable, Sendable, Equatable {
    public var key: String
    /// Seconds since 1970 of the newest signed command taken (0: none).
    public var newest: Double = 0
    public var nonces: [String: Double] = [:]
    static let maximumBytes = 1 << 20
}
