import Foundation
import TestSupport

/// Debian's chromium, headless: the page as a browser builds it (`--dump-dom`) and as it
/// looks (`--screenshot`).
enum Chromium {
    struct Missing: Error, CustomStringConvertible {
        var description: String { "chromium is not installed: `make test` installs Debian's chromium (apt-get install chromium)" }
    }

    static func binary() throws -> String {
        for p in ["/usr/bin/chromium", "/usr/bin/chromium-browser"] where FileManager.default.isExecutableFile(atPath: p) { return p }
        throw Missing()
    }

    /// Runs it once on a URL at a window size; returns its standard output.
    static func run(_ url: String, width: Int, height: Int, extra: [String]) throws -> String {
        let profile = NSTemporaryDirectory() + "mihrab-chromium-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: profile) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: try binary())
        // --no-sandbox: the tests may run as root (CI), where chromium refuses its sandbox.
        p.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run", "--mute-audio",
                       "--user-data-dir=\(profile)", "--window-size=\(width),\(height)", "--force-device-scale-factor=1",
                       "--lang=en-GB"] + extra + [url]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle(forWritingAtPath: "/dev/null")
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let pid = p.processIdentifier
        let killer = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + 90, execute: killer)
        defer { killer.cancel() }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// The document as built, without the text of its scripts (the page's own script holds
    /// markup such as `id="adhan-screen"` in its templates, which is not on the screen).
    /// With `screenshot`, the same run also writes what it shows there (one launch, not two).
    static func dom(_ url: String, width: Int = 1920, height: Int = 1080, screenshot: String? = nil) throws -> String {
        if let screenshot { try? FileManager.default.removeItem(atPath: screenshot) }
        let dom = try run(url, width: width, height: height, extra: ["--dump-dom"] + (screenshot.map { ["--screenshot=\($0)"] } ?? []))
        return dom.replacingOccurrences(of: #"<script[^>]*>[\s\S]*?</script>"#, with: "<script></script>", options: .regularExpression)
    }

    static func screenshot(_ url: String, width: Int, height: Int, to path: String) throws {
        try? FileManager.default.removeItem(atPath: path)
        _ = try run(url, width: width, height: height, extra: ["--screenshot=\(path)"])
    }

    static var screenshotDirectory: String { MihrabBinary.screenshotDirectory }
}
