import ArgumentParser
import FoundationEssentials
import Glibc
import Platform
import Service
import PrayerTimes
import HAL
import UnitModel

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "What the running unit knows (from its status.json).")

    @Option(help: "The status file.") var file = "/run/mihrab/status.json"
    @Option(help: "Output format (text or json).") var format: OutputFormat = .text

    func run() throws {
        let data: Data
        switch readSmallFile(file, limit: 1 << 20) {
        case .success(let d?): data = d
        case .success(nil): throw CommandError("\(file): no such file (is mihrab running?)", exitCode: .unavailable)
        case .failure(let p): throw CommandError("\(file) \(p)", exitCode: .unavailable)
        }
        guard let s = try? JSONDecoder().decode(StatusReport.self, from: data) else {
            throw CommandError("\(file): not a status file", exitCode: .unavailable)
        }
        if format == .json {
            print(String(decoding: data, as: UTF8.self))
            return
        }
        func hm(_ iso: String?) -> String { iso.map { String($0.dropFirst(11).prefix(5)) } ?? "-" }
        func number(_ v: Double?) -> String { v.map { cFormat("%.1f", $0) } ?? "-" }
        let down = (s.servers ?? []).filter { $0.state == .down }.map { "\($0.server) server down" }
        print("Mihrab at \(s.time): \(s.status)" + (s.problem.map { " (\($0))" } ?? "") + down.map { "; \($0)" }.joined())
        if let times = s.times {
            let order = ["fajr", "sunrise", "dhuhr", "asr", "maghrib", "isha"]
            print("Today (\(s.date ?? ""), \(s.hijri ?? "")): " + order.map { "\($0) \(hm(times[$0]))" }.joined(separator: "  "))
        }
        if let n = s.next {
            print("Next: \(n.prayer) \(n.event) at \(n.at) (in \(n.inSeconds / 3600)h \(n.inSeconds / 60 % 60)m)")
        }
        if let e = s.special {
            print("Special event: \(e.name) at \(e.at)" + (e.happening ? " (now)" : e.days == 0 ? " (today)" : e.days == 1 ? " (tomorrow)" : " (in \(e.days) days)"))
        }
        if let f = s.fast { print("Fast: \(f.kind) at \(f.at)") }
        // With a JAKIM zone the times are the zone's: the place they are for is the zone.
        if let zone = s.position.jakimZone { print("Times for: JAKIM \(zone)") }
        print("Position: \(s.position.latitude.map { "\($0)" } ?? "?"), \(s.position.longitude.map { "\($0)" } ?? "?") (\(s.position.source)); gps \(s.gps)"
              + (s.position.jakimZone == nil ? "" : " (for the qibla; the times are JAKIM \(s.position.jakimZone ?? "")'s)"))
        print("Heading: \(number(s.heading)), qibla offset \(number(s.qiblaOffset)) (compass \(s.compass))")
        print("Clock: \(s.clock.trusted ? "trusted" + (s.clock.source.map { " (\($0))" } ?? "") : "not trusted"), \(s.clock.steps) steps")
        print("State: " + (s.state.persisted ? "saved" : "not persisted (\(s.state.problem ?? "write failed"))"))
        print("Fired \(s.counters.fired), missed \(s.counters.missed)")
        if let d = s.display {
            // "TV: on (schedule, next change 20:36) by cec; the TV says on"
            let why = d.until.map { "by hand until \(hm($0))" } ?? d.reason.rawValue + (d.next.map { ", next change \(hm($0))" } ?? "")
            print("TV: \(d.power) (\(why)) by \(d.driver)" + (d.reported.map { "; the TV says \($0)" } ?? "") + (d.problem.map { "; \($0)" } ?? ""))
        }
        for d in s.displays ?? [] {
            print("Display: \(d.display) \(d.state)" + (d.problem.map { ": \($0)" } ?? "") + " (\(d.renders) drawn)")
        }
        for v in s.servers ?? [] {
            print("Server: \(v.server) on \(v.listen) \(v.state)" + (v.problem.map { ": \($0)" } ?? "") + " (\(v.connections) connections)")
        }
        if let site = s.site {
            let version = SiteVersion(series: site.configSeries ?? 0, version: site.configVersion)
            print("Site: \(site.name) as unit \(site.unit), config version \(version), broker \(site.broker)"
                  + (site.problem.map { " (\($0))" } ?? "")
                  + (site.login == .anonymous ? "; this unit logs in without an account" : "")
                  + (site.openBroker == true ? "; the broker takes clients without an account (only signed settings and commands are taken)" : "")
                  + ((site.refusals ?? 0) > 0 ? "; \(site.refusals ?? 0) refused" : "")
                  + (site.refused.map { "; refused: \($0)" } ?? ""))
        }
        if let l = s.loop {
            func us(_ v: Double?) -> String { v.map { "\(Int($0.rounded())) us" } ?? "-" }
            let cpu = l.uptimeSeconds > 0 ? cFormat("%.2f%%", 100 * l.cpuSeconds / l.uptimeSeconds) : "-"
            print("Loop: \(l.passes) passes (\(l.earlyWakes) woken early, \(l.overruns) overran), late by median \(us(l.lateMedianMicroseconds)), "
                  + "p99 \(us(l.lateP99Microseconds)), max \(us(l.lateMaxMicroseconds)); CPU \(cpu) of a core since start")
        }
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
            try ConfigCommand.ConfigCheck.checkFiles(c)
            print("\(file): OK" + (boardPath.map { "; board \($0): OK" } ?? ""))
            for line in ConfigCheck.describe(c.sound) { print(line) }
        }
    }

}

extension ConfigCommand.ConfigCheck {
    /// What each event plays, one line each: the file found (with its length and format),
    /// the buzzer pattern, or nothing.
    static func describe(_ s: SoundSettings) -> [String] {
        SoundSettings.Name.allCases.map { name in
            let what: String
            switch s.sources[name] ?? .none {
            case .file(let i):
                what = "\(i.path) (\(cFormat("%.1f", i.duration)) s, \(i.sampleRate) Hz, \(i.channels == 1 ? "mono" : "\(i.channels) channels"))"
            case .pattern(let p): what = "buzzer pattern \(p)"
            case .none: what = name == .adhanFajr ? "as adhan" : "none"
            }
            return "sounds.\(name.rawValue): \(what)"
        } + ["sounds: device \(s.device), volume \(s.volume)\(s.volumes.isEmpty ? "" : " (" + s.volumes.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", ") + ")"), fade-in \(s.fadeIn) s, warm-up \(s.warmUp) s\(s.keepAwake ? ", kept awake" : "")"]
    }
}
