import FoundationEssentials
import Glibc
import Platform
import Logging
import PrayerTimes

/// Log lines to standard error. Under the journal (JOURNAL_STREAM set) each line carries a
/// `<N>` syslog priority prefix and no timestamp of ours (the journal adds its own);
/// elsewhere, a UTC timestamp (formatted here, not by Foundation, which would load ICU's
/// data into a unit with memory to spare) and the level.
public struct JournalLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    let label: String
    let journal: Bool

    public init(label: String, journal: Bool = ProcessInfo.processInfo.environment["JOURNAL_STREAM"] != nil) {
        self.label = label
        self.journal = journal
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }

    public func log(event: LogEvent) {
        let text = journal ? line(event.level, event.message)
            : "\(EventRecorder.iso(Date().timeIntervalSince1970, zone: .fixed(offset: 0), millis: true)) \(event.level) \(event.message)"
        writeStandardError(text + "\n")
        if event.level >= .error { ErrorTap.shared.send("\(event.message)") }
    }

    func line(_ level: Logger.Level, _ message: Logger.Message) -> String { "<\(JournalLogHandler.priority(level))>\(message)" }
}
