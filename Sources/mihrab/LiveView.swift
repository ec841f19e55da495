import Foundation
import PrayerTimes
import Service
import Simulation

/// The simulated unit on a terminal: the LEDs as symbols, the buzzer, heading and qibla
/// offset, the next event and its countdown. One line, redrawn in place on a terminal;
/// a plain line per virtual minute otherwise.
final class LiveView: @unchecked Sendable {
    private let outputs: [BoardConfig.Output: any HAL.DigitalOutput]
    private let tty: Bool
    private var lastMinute = -1

    init(outputs: [BoardConfig.Output: any HAL.DigitalOutput], tty: Bool) {
        self.outputs = outputs
        self.tty = tty
    }

    func show(_ core: UnitCore, _ wall: Double) {
        func led(_ o: BoardConfig.Output) -> String { ((try? outputs[o]?.get()) ?? false) ? "●" : "○" }
        let t = LocalTime(unix: wall, zone: core.zone)
        let prayers = "F\(led(.fajr)) D\(led(.dhuhr)) A\(led(.asr)) M\(led(.maghrib)) I\(led(.isha))"
        let qibla = "\(led(.qiblaLeft))\(led(.qiblaAligned))\(led(.qiblaRight))"
        let buzzer = ((try? outputs[.buzzer]?.get()) ?? false) ? "♪" : " "
        let heading = core.heading.map { String(format: "%5.1f°", $0) } ?? "  -  "
        let offset = core.qiblaOffset.map { String(format: "%+6.1f°", $0) } ?? "   -  "
        var next = ""
        if let e = core.nextEvent(after: wall) {
            let s = Int(e.time - wall)
            next = String(format: "%@ %@ in %02d:%02d:%02d", e.prayer.rawValue, e.kind.rawValue, s / 3600, s / 60 % 60, s % 60)
        }
        let line = "\(t.date) \(t.clock(seconds: true)) | status \(led(.status)) | \(prayers) | qibla \(qibla) | buzzer \(buzzer) | heading \(heading) offset \(offset) | next \(next)"
        if tty {
            FileHandle.standardOutput.write(Data(("\r\u{1B}[2K" + line).utf8))
        } else if t.minute != lastMinute {
            lastMinute = t.minute
            print(line)
        }
    }
}

import HAL
