#if canImport(Glibc)
import Glibc

/// The code that only start-up ran, given back once the daemon runs steadily.
///
/// Start-up (argument parsing, the configuration, every library's set-up, the sound files'
/// probing through libsndfile and its codecs, the servers' start) touches code all over the
/// executable and its libraries, and the kernel maps it 64 KB around each fault: some 12 MB of
/// a release build's 18 MB of code stay in the process's RSS, and the codecs' libraries with it,
/// though a steady pass runs a small part of them. Those pages are clean copies of the files,
/// in the page cache: dropping this process's mapping of them costs nothing, and the code it
/// runs from then on is mapped again at its first use (a minor fault, no I/O).
public enum StartupCode {
    /// Unmaps the read-only pages of the executable and its libraries from this process
    /// (`madvise(MADV_DONTNEED)` on their read-only mappings of the files, code and constant
    /// data: with lld's layout the runtime's metadata, which start-up's conformance scans read
    /// all through, is in one of these). Only mappings with no page of the process's own, so
    /// never relocated data. Returns the bytes of the mappings advised; 0 when none qualified
    /// or `/proc` cannot be read.
    @discardableResult
    public static func release() -> Int {
        guard let smaps = readProc("/proc/self/smaps") else { return 0 }
        var released = 0
        for m in mappings(smaps, where: { $0.hasPrefix("/") }) where m.givenBack {
            guard let start = UnsafeMutableRawPointer(bitPattern: m.start) else { continue }
            if madvise(start, m.end - m.start, MADV_DONTNEED) == 0 { released += m.end - m.start }
        }
        return released
    }

    struct Mapping {
        var start: Int, end: Int
        var perms: Substring
        /// kB the process wrote in it (`Anonymous`: its copies of the file's pages): must be 0
        /// to drop it. (Private_Dirty would also count the file's own pages not yet written back
        /// to the disk, as after a fresh build: those are the file's, safe to drop.)
        var written = 0
        /// kB resident.
        var rss = 0
        /// Read-only (code or constant data) and never written by the process: safe to drop.
        var givenBack: Bool { (perms == "r-xp" || perms == "r--p") && written == 0 }
    }

    /// This process's mappings of its own executable (nil: `/proc` unreadable).
    static func ownMappings() -> [Mapping]? {
        guard let exe = executablePath(), let smaps = readProc("/proc/self/smaps") else { return nil }
        return mappings(smaps, where: { $0 == exe })
    }

    /// The mappings of `path` in an smaps text, with what was written in each.
    static func mappings(_ smaps: String, path: String) -> [Mapping] { mappings(smaps, where: { $0 == path }) }

    /// The mappings of the files whose paths `file` accepts, with what was written in each.
    static func mappings(_ smaps: String, where file: (String) -> Bool) -> [Mapping] {
        var out: [Mapping] = []
        var current: Mapping?
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let first = fields.first else { continue }
            if let dash = first.firstIndex(of: "-"), fields.count >= 5, first.last != ":" {
                if let c = current { out.append(c) }
                current = nil
                guard fields.count >= 6, file(fields[5...].joined(separator: " ")),
                      let start = Int(first[..<dash], radix: 16), let end = Int(first[first.index(after: dash)...], radix: 16)
                else { continue }
                current = Mapping(start: start, end: end, perms: fields[1])
            } else if first == "Anonymous:", fields.count >= 2 {
                current?.written += Int(fields[1]) ?? 1
            } else if first == "Rss:", fields.count >= 2 {
                current?.rss += Int(fields[1]) ?? 0
            }
        }
        if let c = current { out.append(c) }
        return out
    }

    private static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func readProc(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            bytes += chunk[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
#endif
