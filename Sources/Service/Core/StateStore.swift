import Compass
import Foundation

/// What survives a restart or a power cut: the events already decided, the last good fix,
/// and the compass calibration.
public struct UnitState: Codable, Sendable, Equatable {
    public struct Decided: Codable, Sendable, Equatable {
        public var state: String  // "fired" or "missed"
        public var at: Double
    }
    public struct Fix: Codable, Sendable, Equatable {
        public var latitude: Double
        public var longitude: Double
        public var time: Double
    }

    public var version = 1
    public var events: [String: Decided] = [:]
    public var lastFix: Fix?
    public var calibration: MagnetometerCalibration?

    public init() {}

    /// Forgets decisions older than `keep` seconds (the ids of past days).
    public mutating func prune(before t: Double) { events = events.filter { $0.value.at >= t } }
}

/// The state file, written atomically: a temporary file, fsync, rename over the old one,
/// fsync of the directory. A missing or corrupt file is reported and replaced, never fatal.
public final class StateStore {
    public let path: String
    public private(set) var state: UnitState
    /// Why the file on disk could not be used, if it could not.
    public let loadProblem: String?

    public init(directory: String) {
        path = directory + "/state.json"
        if let data = FileManager.default.contents(atPath: path) {
            do {
                state = try JSONDecoder().decode(UnitState.self, from: data)
                loadProblem = nil
            } catch {
                state = UnitState()
                loadProblem = "state file \(path) is corrupt (\(StateStore.reason(error))); starting afresh"
                try? FileManager.default.moveItem(atPath: path, toPath: path + ".corrupt")
            }
        } else {
            state = UnitState()
            loadProblem = FileManager.default.fileExists(atPath: directory) ? nil
                : "state directory \(directory) does not exist"
        }
    }

    public func update(_ change: (inout UnitState) -> Void) { change(&state) }

    /// Writes the state durably. Throws a one-line reason on failure (disk full, read-only).
    public func save() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try writeAtomically(try encoder.encode(state), to: path)
    }

    static func reason(_ error: Error) -> String {
        if case DecodingError.dataCorrupted(let c) = error { return c.debugDescription }
        if case DecodingError.keyNotFound(let k, _) = error { return "key '\(k.stringValue)' missing" }
        if case DecodingError.typeMismatch(_, let c) = error { return "wrong type at \(c.codingPath.map(\.stringValue).joined(separator: "."))" }
        return "\(error)"
    }
}

/// Write to `path.tmp`, fsync, rename over `path`, fsync the directory: after a power cut
/// the file is either the old one or the new one, whole. `durable: false` skips the fsyncs
/// (readers still never see half a file): for /run files rewritten every second.
public func writeAtomically(_ data: Data, to path: String, durable: Bool = true) throws {
    let tmp = path + ".tmp"
    let fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw POSIXFailure("create \(tmp)", errno) }
    let written = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    let synced = durable ? fsync(fd) : 0
    close(fd)
    guard written == data.count, synced == 0 else {
        unlink(tmp)
        throw POSIXFailure("write \(tmp)", errno)
    }
    guard rename(tmp, path) == 0 else { throw POSIXFailure("rename \(tmp)", errno) }
    guard durable else { return }
    let dir = (path as NSString).deletingLastPathComponent
    let dfd = open(dir.isEmpty ? "." : dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if dfd >= 0 {
        fsync(dfd)
        close(dfd)
    }
}

public struct POSIXFailure: Error, CustomStringConvertible {
    public let description: String
    init(_ what: String, _ code: Int32) { description = "\(what): \(String(cString: strerror(code)))" }
}
