import Foundation
import Testing
@testable import Service
import UnitModel

/// Files over their limit are refused by their size on the open descriptor, before a byte is
/// read: one line naming the file, its size and the limit. (The memory a 1 GB file costs is
/// measured on the real binary: MihrabCLITests' OversizedFileTests.)
@Suite("files over their size limit")
struct FileSizeTests {
    /// A sparse file of `size` bytes (no disk used), in a fresh folder.
    static func sparse(_ name: String, size: Int) throws -> String {
        let dir = NSTemporaryDirectory() + "mihrab-size-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let path = dir + "/" + name
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw POSIXFailure("create \(path)", errno) }
        defer { close(fd) }
        guard ftruncate(fd, off_t(size)) == 0 else { throw POSIXFailure("truncate \(path)", errno) }
        return path
    }

    @Test("a site config or board file one byte over 4 MiB: its size and the limit (4 MiB of NULs was read whole, and taken for an empty config)")
    func config() throws {
        let path = try Self.sparse("mihrab.toml", size: ConfigFile.maxBytes + 1)
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let said = "\(path): is too large (4194305 bytes; at most 4194304)"
        #expect(throws: ConfigError(file: path, line: nil, path: "", message: "is too large (4194305 bytes; at most 4194304)")) {
            try SiteConfig.load(path: path)
        }
        #expect { try BoardConfig.load(path: path) } throws: { "\($0)" == said }
    }

    @Test("a timetable one byte over 4 MiB: its size and the limit, before it is read")
    func timetable() throws {
        let path = try Self.sparse("times.csv", size: Timetable.maxBytes + 1)
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        #expect {
            try Timetable.load(path: path, zone: nil)
        } throws: { e in
            "\(e)" == "\(path): is too large (4194305 bytes; at most 4194304): not a timetable"
        }
    }

    @Test("readSmallFile: exactly the limit is read, and the permission bits come from the file read")
    func atTheLimit() throws {
        let path = try Self.sparse("state.json", size: 4096)
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        chmod(path, 0o640)
        #expect(readSmallFileAndMode(path, limit: 4096) == .success(SmallFile(data: Data(count: 4096), mode: 0o640)))
        #expect(readSmallFile(path, limit: 4095) == .failure(.tooLarge(4096, limit: 4095)))
    }
}
