import FoundationEssentials
import Glibc

/// The state file (`state.json` in the state directory), written atomically before any
/// alert sounds. A file that is missing, unreadable, too large or corrupt is reported and
/// moved aside (never silently replaced, never fatal).
///
/// When the state file cannot be written (a read-only or full card, a directory in its
/// place), the unit still sounds the adhan: silence on a mosque's wall because of a disk
/// fault is worse than the risk of a repeat. The decision is kept in memory and in a
/// fallback record in the runtime directory (tmpfs, kept across a daemon restart), which a
/// restarted daemon merges, so a crash or restart within the grace period still replays
/// nothing; `persisted` is false and the status says "state not persisted" until a save
/// reaches the state file again.
public final class StateStore {
    public let path: String
    /// The state directory (the admin password's default home too).
    public let directory: String
    public let fallbackPath: String?
    public private(set) var state: UnitState
    /// What was wrong with the files on disk at start, one line each.
    public private(set) var problems: [String] = []
    /// False while saves do not reach the state file.
    public private(set) var persisted = true
    /// Why the last save failed, while it does.
    public private(set) var saveFailure: String?
    private var fallbackHolds = false

    /// The largest state file read (a bounded state is a few kilobytes).
    public static let maxFileSize = 1 << 20

    /// Why the file on disk could not be used, if it could not.
    public var loadProblem: String? { problems.isEmpty ? nil : problems.joined(separator: "; ") }

    public init(directory: String, fallbackDirectory: String? = nil) {
        path = directory + "/state.json"
        self.directory = directory
        fallbackPath = fallbackDirectory.map { $0 + "/state.fallback.json" }
        state = UnitState()
        if let s = read(path, aside: true) {
            state = s
        } else if problems.isEmpty, !FileManager.default.fileExists(atPath: directory) {
            problems.append("state directory \(directory) does not exist")
        }
        if let fb = fallbackPath, let s = read(fb, aside: false) {
            state.merge(s)
            fallbackHolds = true
            problems.append("decisions kept in \(fb) while the state file could not be written were merged")
        }
        problems += state.sanitize()
    }

    private func read(_ file: String, aside: Bool) -> UnitState? {
        switch readSmallFile(file, limit: StateStore.maxFileSize) {
        case .success(nil):
            return nil
        case .success(let data?):
            do {
                return try JSONDecoder().decode(UnitState.self, from: data)
            } catch {
                let moved = aside ? moveAside(file, suffix: ".corrupt") : nil
                problems.append("state file \(file) is corrupt (\(StateStore.reason(error)))" + (moved.map { "; moved to \($0)" } ?? ""))
            }
        case .failure(let problem):
            var suffix = ".corrupt"
            if case .unreadable = problem { suffix = ".unreadable" }
            let moved = aside ? moveAside(file, suffix: suffix) : nil
            problems.append("state file \(file) \(problem)" + (moved.map { "; moved to \($0)" } ?? ""))
        }
        return nil
    }

    public func update(_ change: (inout UnitState) -> Void) { change(&state) }

    /// Writes the state durably. On failure the fallback record is written and the state
    /// file's error thrown (one line: disk full, read-only, a directory in the way).
    public func save() throws(POSIXFailure) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data: Data
        do { data = try encoder.encode(state) } catch {
            throw POSIXFailure("encode the state", EINVAL)  // finite doubles and strings only: not reached
        }
        do {
            try writeAtomically(data, to: path)
            persisted = true
            saveFailure = nil
            if fallbackHolds, let fb = fallbackPath {
                unlink(fb)
                fallbackHolds = false
            }
        } catch {
            persisted = false
            saveFailure = error.description
            if let fb = fallbackPath, (try? writeAtomically(data, to: fb)) != nil { fallbackHolds = true }
            throw error
        }
    }

    static func reason(_ error: Error) -> String {
        if case DecodingError.dataCorrupted(let c) = error { return c.debugDescription }
        if case DecodingError.keyNotFound(let k, _) = error { return "key \(quoted(k.stringValue)) missing" }
        if case DecodingError.typeMismatch(_, let c) = error { return "wrong type at \(c.codingPath.map(\.stringValue).joined(separator: "."))" }
        return "\(error)"
    }
}
