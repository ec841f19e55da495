import Foundation
import TestSupport
import Testing

/// Files a config names, or a command is given, that are not what they claim: a timetable or
/// a config of a gigabyte (sparse: no disk used) is refused by its size before it is read, at
/// the cost of a stat, not of the gigabyte (it cost 2.1 GB and 9.8 s); a WAV cut short is
/// refused by `config check`, not played for the 0.28 s it holds.
@Suite("oversized and truncated files, refused early by the real binary")
struct OversizedFileTests {
    static let gigabyte = 1 << 30
    /// Far below what reading the file would take; above the binary's own (31 MB in a debug
    /// build, the Swift runtime and Foundation shared libraries counted).
    static let peakLimitKiB = 40 * 1024

    func folder() throws -> String {
        let d = NSTemporaryDirectory() + "mihrab-oversized-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }

    func sparse(_ path: String, size: Int) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(fd >= 0)
        defer { close(fd) }
        try #require(ftruncate(fd, off_t(size)) == 0)
    }

    @Test("a 1 GB timetable: one line with its size and the limit, exit 78, in under 40 MB (timetable check, and named by a config)")
    func gigabyteTimetable() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let csv = dir + "/times.csv"
        try sparse(csv, size: Self.gigabyte)
        let said = "\(csv): is too large (1073741824 bytes; at most 4194304): not a timetable"
        let (r, peak) = try PeakMemory.mihrab(["timetable", "check", csv, "--tz", "UTC"])
        #expect(r.status == 78 && r.stderr == said + "\n", "\(r.status) \(r.stderr)")
        #expect(peak < Self.peakLimitKiB, "peak \(peak) KiB")
        let toml = dir + "/mihrab.toml"
        try Data("[calculation]\ntimetable = \"times.csv\"\n".utf8).write(to: URL(fileURLWithPath: toml))
        let (c, cpeak) = try PeakMemory.mihrab(["config", "check", toml])
        #expect(c.status == 78 && c.stderr == "mihrab: \(toml):2: calculation.timetable: \(said)\n", "\(c.status) \(c.stderr)")
        #expect(cpeak < Self.peakLimitKiB, "peak \(cpeak) KiB")
    }

    @Test("a 1 GB config: one line with its size and the limit, exit 78, in under 40 MB")
    func gigabyteConfig() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let toml = dir + "/mihrab.toml"
        try sparse(toml, size: Self.gigabyte)
        let (r, peak) = try PeakMemory.mihrab(["config", "check", toml])
        #expect(r.status == 78 && r.stderr == "mihrab: \(toml): is too large (1073741824 bytes; at most 4194304)\n", "\(r.status) \(r.stderr)")
        #expect(peak < Self.peakLimitKiB, "peak \(peak) KiB")
    }

    @Test("a truncated WAV named as the adhan: config check fails, naming the file and what is missing")
    func truncatedAdhan() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let wav = dir + "/adhan.wav", toml = dir + "/mihrab.toml"
        try WAVFixture.data(declared: 96000, held: 13440).write(to: URL(fileURLWithPath: wav))
        try Data("[sounds]\ndirectories = []\nadhan = \"\(wav)\"\n".utf8).write(to: URL(fileURLWithPath: toml))
        let r = try MihrabBinary.run(["config", "check", toml])
        #expect(r.status == 78, "\(r.status) \(r.stdout) \(r.stderr)")
        #expect(r.stderr == "mihrab: \(toml):3: sounds.adhan: \(wav): truncated: the header says 2.00 s of sound, the file holds 0.28 s\n",
                "\(r.stderr)")
    }
}
