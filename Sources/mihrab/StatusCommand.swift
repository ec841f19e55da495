import ArgumentParser
import Foundation
import Service

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "What the running unit knows (from its status.json).")

    @Option(help: "The status file.") var file = "/run/mihrab/status.json"
    @Option(help: "Output format (text or json).") var format: OutputFormat = .text

    func run() throws {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw CommandError("\(file): cannot be read (is mihrab running?)", exitCode: .unavailable)
        }
        if format == .json {
            print(String(decoding: data, as: UTF8.self))
            return
        }
        guard let s = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw CommandError("\(file): not a status file", exitCode: .unavailable)
        }
        print("Mihrab at \(s["time"] ?? "?"): \(s["status"] ?? "?")")
        if let times = s["times"] as? [String: String] {
            let order = ["fajr", "sunrise", "dhuhr", "asr", "maghrib", "isha"]
            print("Today (\(s["date"] ?? ""), \(s["hijri"] ?? "")): " + order.compactMap { k in times[k].map { "\(k) \($0.dropFirst(11).prefix(5))" } }.joined(separator: "  "))
        }
        if let n = s["next"] as? [String: Any], let secs = n["inSeconds"] as? Int {
            print("Next: \(n["prayer"] ?? "") \(n["event"] ?? "") at \(n["at"] ?? "") (in \(secs / 3600)h \(secs / 60 % 60)m)")
        }
        if let p = s["position"] as? [String: Any] { print("Position: \(p["latitude"] ?? "?"), \(p["longitude"] ?? "?") (\(p["source"] ?? "?")); gps \(s["gps"] ?? "?")") }
        print("Heading: \(s["heading"] ?? "-"), qibla offset \(s["qiblaOffset"] ?? "-") (compass \(s["compass"] ?? "?"))")
        if let c = s["clock"] as? [String: Any] { print("Clock trusted: \(c["trusted"] ?? "?"), steps \(c["steps"] ?? 0)") }
        if let c = s["counters"] as? [String: Any] { print("Fired \(c["fired"] ?? 0), missed \(c["missed"] ?? 0)") }
    }
}

struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config", abstract: "Configuration files.", subcommands: [ConfigCheck.self])

    struct ConfigCheck: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "check", abstract: "Check a site config (and its board file) without running.")
        @Argument(help: "The site config file.") var file: String
        @Option(help: "Check this board file too (default: the config's service.board, if it exists).") var board: String?

        func run() throws {
            let c = try loadConfig(file)
            let boardPath = board ?? (FileManager.default.fileExists(atPath: c.board) ? c.board : nil)
            if let boardPath { _ = try loadBoard(boardPath) }
            print("\(file): OK" + (boardPath.map { "; board \($0): OK" } ?? ""))
        }
    }
}
