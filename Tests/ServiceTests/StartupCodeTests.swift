import Testing
@testable import Platform

/// The code pages given back after start-up: only clean, read-only mappings of the executable
/// and its libraries, and the process runs on (its code mapped again as it runs).
@Suite("start-up code given back")
struct StartupCodeTests {
    /// Three mappings in /proc/PID/smaps's layout (as the kernel writes them: a header line,
    /// then one `Key: value kB` line each): the binary's code, its relocated data, a library.
    static let sample = """
    55d0c0000000-55d0c1bcd000 r-xp 00000000 08:01 1234                       /opt/mihrab/bin/mihrab
    Size:              28468 kB
    Rss:               12040 kB
    Pss:               12040 kB
    Private_Clean:     12000 kB
    Private_Dirty:        40 kB
    Anonymous:             0 kB
    VmFlags: rd ex mr mw me dw sd
    55d0c1bce000-55d0c1c85000 r--p 01bcc000 08:01 1234                       /opt/mihrab/bin/mihrab
    Size:                732 kB
    Rss:                 728 kB
    Private_Dirty:       728 kB
    Anonymous:           728 kB
    VmFlags: rd mr mw me dw ac sd
    7f00aa000000-7f00aa100000 r-xp 00000000 08:01 99                         /usr/lib/x86_64-linux-gnu/libc.so.6
    Rss:                 900 kB
    Private_Dirty:         0 kB
    Anonymous:             0 kB
    """

    @Test("smaps read: the executable's two mappings with their resident and written (anonymous) kB; a library's left out; the file's own dirty pages are not the process's writes")
    func parse() {
        let m = StartupCode.mappings(Self.sample, path: "/opt/mihrab/bin/mihrab")
        #expect(m.count == 2)
        #expect(m.first?.start == 0x55d0_c000_0000 && m.first?.end == 0x55d0_c1bc_d000)
        #expect(m.first?.perms == "r-xp" && m.first?.rss == 12040 && m.first?.written == 0)
        #expect(m.last?.perms == "r--p" && m.last?.written == 728, "relocated data (anonymous copies) is never given back")
        #expect(m.map(\.givenBack) == [true, false])
        let files = StartupCode.mappings(Self.sample, where: { $0.hasPrefix("/") })
        #expect(files.map(\.givenBack) == [true, false, true], "a library's clean code too")
    }

    @Test("in this process: the code's resident pages drop, and the code still runs")
    func releaseHere() throws {
        let before = try #require(StartupCode.ownMappings())
        let code = before.filter { $0.perms == "r-xp" && $0.written == 0 }
        try #require(!code.isEmpty, "the test binary has a clean code mapping: \(before.map { "\($0.perms) \($0.written) \($0.rss)" })")
        let released = StartupCode.release()
        // At least the executable's clean code (its libraries' too, and any other clean mapping).
        #expect(released >= code.reduce(0) { $0 + $1.end - $1.start })
        // Running again: this very test's code and the parser fault back in.
        let after = try #require(StartupCode.ownMappings())
        let rssBefore = code.reduce(0) { $0 + $1.rss }
        let rssAfter = after.filter { $0.perms == "r-xp" }.reduce(0) { $0 + $1.rss }
        #expect(rssAfter < rssBefore, "code resident \(rssBefore) kB before, \(rssAfter) kB after")
        #expect(StartupCode.mappings(Self.sample, path: "/opt/mihrab/bin/mihrab").count == 2)
        // Nothing written was touched: the data mappings are as they were.
        let written = { (m: [StartupCode.Mapping]) in m.filter { $0.perms != "r-xp" }.map { $0.start } }
        #expect(written(after) == written(before))
    }
}
