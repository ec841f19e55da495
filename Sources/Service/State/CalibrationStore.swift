import Compass
import FoundationEssentials
import Glibc

/// The compass calibration, in a file of its own (`calibration.json`) with the previous
/// good one beside it (`calibration.last-good.json`): a corrupt state file, or a corrupt
/// calibration file, never costs the installer a new calibration. A calibration kept in an
/// older state file (`state.json`'s "calibration") is taken over once.
public final class CalibrationStore {
    public let path: String
    public let lastGoodPath: String
    public private(set) var calibration: MagnetometerCalibration?
    /// What was wrong with the files at start, one line each.
    public private(set) var problems: [String] = []

    static let maxFileSize = 64 << 10

    public init(directory: String) {
        path = directory + "/calibration.json"
        lastGoodPath = directory + "/calibration.last-good.json"
        if let c = read(path, name: "calibration file") {
            calibration = c
        } else if let c = read(lastGoodPath, name: "last good calibration") {
            calibration = c
            problems.append("using the last good calibration, \(lastGoodPath)")
        } else if let c = CalibrationStore.legacy(directory + "/state.json") {
            calibration = c
            if (try? store(c)) == nil { problems.append("the calibration in state.json could not be moved to \(path)") }
        }
    }

    private func read(_ file: String, name: String) -> MagnetometerCalibration? {
        switch readSmallFile(file, limit: CalibrationStore.maxFileSize) {
        case .success(nil):
            return nil
        case .success(let data?):
            if let c = try? JSONDecoder().decode(MagnetometerCalibration.self, from: data) { return c }
            let moved = moveAside(file, suffix: ".corrupt")
            problems.append("\(name) \(file) is corrupt" + (moved.map { "; moved to \($0)" } ?? ""))
        case .failure(let p):
            problems.append("\(name) \(file) \(p)")
        }
        return nil
    }

    /// An older state file's calibration (before it had its own file).
    private static func legacy(_ stateFile: String) -> MagnetometerCalibration? {
        struct Legacy: Decodable { var calibration: MagnetometerCalibration? }
        guard case .success(let data?) = readSmallFile(stateFile, limit: StateStore.maxFileSize) else { return nil }
        return (try? JSONDecoder().decode(Legacy.self, from: data))?.calibration
    }

    /// Stores a new calibration; the one it replaces (if it was good) becomes the last good copy.
    public func store(_ c: MagnetometerCalibration) throws(POSIXFailure) {
        if case .success(let old?) = readSmallFile(path, limit: CalibrationStore.maxFileSize),
           (try? JSONDecoder().decode(MagnetometerCalibration.self, from: old)) != nil {
            try writeAtomically(old, to: lastGoodPath)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        guard let data = try? encoder.encode(c) else { throw POSIXFailure("encode the calibration", EINVAL) }
        try writeAtomically(data, to: path)
        calibration = c
    }
}
