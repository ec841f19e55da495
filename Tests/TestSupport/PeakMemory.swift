import Foundation

/// A command's peak resident memory, read by Tests/PeakMemory (a small C program that runs
/// it and waits for it): a test process cannot read its own child's, which Linux reports as
/// at least the test process's own peak.
public enum PeakMemory {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Runs the built `mihrab` with these arguments: its result and its peak in KiB.
    public static func mihrab(_ arguments: [String], timeout: Double = 60) throws -> (result: MihrabBinary.Result, peakKiB: Int) {
        let helper = MihrabBinary.url.deletingLastPathComponent().appendingPathComponent("PeakMemory")
        guard FileManager.default.isExecutableFile(atPath: helper.path) else {
            throw Failure(description: "\(helper.path) is not built (swift build --build-tests builds it)")
        }
        let out = NSTemporaryDirectory() + "mihrab-peak-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let r = try MihrabBinary.runProgram(helper, [out, MihrabBinary.url.path] + arguments, timeout: timeout)
        let fields = ((try? String(contentsOfFile: out, encoding: .utf8)) ?? "").split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard r.status == 0, !r.signalled, fields.count == 3 else {
            throw Failure(description: "PeakMemory: status \(r.status), \(fields), \(r.stderr)")
        }
        let result = MihrabBinary.Result(status: fields[1] != 0 ? Int32(fields[1]) : Int32(fields[0]), signalled: fields[1] != 0,
                                         stdout: r.stdout, stderr: r.stderr)
        return (result, fields[2])
    }
}
