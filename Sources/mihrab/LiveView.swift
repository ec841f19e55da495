import FoundationEssentials
import Glibc
import Platform
import PrayerTimes
import Service
import UnitModel

/// The simulated unit on a terminal: the LEDs as symbols, the buzzer, heading and qibla
/// offset, the hall's TV, the next event and its countdown. One line, redrawn in place on a terminal;
/// a plain line per virtual minute otherwise. A subscriber of the once-a-second snapshots.
final class LiveView: SnapshotSubscriber, OutputPlugin, @unchecked Sendable {
    // @unchecked: `lastMinute` is touched on the subscriber's queue only.
    let name = "live view"
    private let tty: Bool
    private var lastMinute = -1

    init(tty: Bool) { self.tty = tty }

    func receive(_ s: UnitSnapshot) {
        guard let zone = s.screen?.zone else { return }
        func led(_ o: BoardConfig.Output) -> String { s.lines[o.rawValue] == true ? "●" : "○" }
        let t = LocalTime(unix: s.wall, zone: zone)
        let prayers = "F\(led(.fajr)) D\(led(.dhuhr)) A\(led(.asr)) M\(led(.maghrib)) I\(led(.isha))"
        let qibla = "\(led(.qiblaLeft))\(led(.qiblaAligned))\(led(.qiblaRight))"
        let buzzer = s.lines[BoardConfig.Output.buzzer.rawValue] == true ? "♪" : " "
        let heading = s.status.heading.map { cFormat("%5.1f°", $0) } ?? "  -  "
        let offset = s.status.qiblaOffset.map { cFormat("%+6.1f°", $0) } ?? "   -  "
        var next = ""
        if let e = s.status.next {
            let n = e.inSeconds
            next = "\(e.prayer) \(e.event) in " + cFormat("%02ld:%02ld:%02ld", n / 3600, n / 60 % 60, n % 60)
        }
        // The hall's TV as the unit asks it (`[display] power`): ▣ on, □ off.
        let tv = s.status.display.map { " | TV \($0.power == .on ? "▣" : "□")" } ?? ""
        let line = "\(t.date) \(t.clock(seconds: true)) | status \(led(.status)) | \(prayers) | qibla \(qibla) | buzzer \(buzzer)\(tv) | heading \(heading) offset \(offset) | next \(next)"
        if tty {
            writeStandardOutput("\r\u{1B}[2K" + line)
        } else if t.minute != lastMinute {
            lastMinute = t.minute
            print(line)
        }
    }
}
