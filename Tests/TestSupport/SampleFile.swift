import Foundation

/// Recorded samples of what the unit writes (status.json, the screen's JSON, the MQTT
/// payloads, `--record`'s lines), held byte for byte: a change of any byte is a failure that
/// names the first differing offset and shows both texts around it.
///
/// `MIHRAB_RECORD_SAMPLES=1` writes the produced bytes over the sample instead, and fails,
/// saying so: a sample is recorded on purpose, and then read back by a run without it.
public enum SampleFile {
    /// Whether this run records samples rather than comparing them.
    public static var recording: Bool { ProcessInfo.processInfo.environment["MIHRAB_RECORD_SAMPLES"] == "1" }

    /// `Fixtures/samples` beside the test file `filePath` (a test's `#filePath`).
    public static func directory(besides filePath: String) -> String {
        URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/samples").path
    }

    /// nil when `produced` is the sample's bytes exactly; otherwise why not (the offset and
    /// the text around it in both, no sample, or that it was recorded).
    public static func mismatch(_ produced: Data, sample path: String) -> String? {
        let name = URL(fileURLWithPath: path).lastPathComponent
        if recording {
            do {
                try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try produced.write(to: URL(fileURLWithPath: path))
            } catch {
                return "\(name): could not record the sample at \(path): \(error)"
            }
            return "\(name): recorded \(produced.count) bytes at \(path) (MIHRAB_RECORD_SAMPLES=1); run again without it to compare"
        }
        guard let sample = FileManager.default.contents(atPath: path) else {
            return "\(name): no sample at \(path): record it with MIHRAB_RECORD_SAMPLES=1, check it, and run again without"
        }
        guard sample != produced else { return nil }
        let (a, b) = (Array(sample), Array(produced))
        let offset = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
        return """
            \(name): differs from its sample at byte \(offset) (sample \(a.count) bytes, produced \(b.count))
              sample:   \(context(a, at: offset))
              produced: \(context(b, at: offset))
            """
    }

    /// About 80 characters around `offset`: 40 before, 40 from it, control characters escaped
    /// (a newline as \n), the ends marked with … where the text goes on.
    static func context(_ bytes: [UInt8], at offset: Int) -> String {
        let start = max(0, offset - 40), end = min(bytes.count, offset + 40)
        guard start < end else { return "(ends at byte \(bytes.count))" }
        var text = String(decoding: bytes[start..<end], as: UTF8.self)
        text = text.unicodeScalars.map { s -> String in
            switch s {
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            default: s.value < 0x20 ? "\\u{\(String(s.value, radix: 16))}" : String(s)
            }
        }.joined()
        return (start > 0 ? "…" : "") + text + (end < bytes.count ? "…" : "") + (offset >= bytes.count ? " (ends here)" : "")
    }
}
