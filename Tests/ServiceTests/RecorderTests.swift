import Foundation
import PrayerTimes
import Testing
@testable import Service
import UnitModel

/// `--record`'s lines are JSON whatever a name holds: each line one object, read back as written.
@Suite("the event record")
struct RecorderTests {
    @Test("an output named with a quote, a backslash and a newline: one line each, read back as written")
    func escaping() throws {
        let path = NSTemporaryDirectory() + "mihrab-record-\(UUID().uuidString).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let zone = ZoneRules.fixed(offset: 3600, identifier: "X")
        let recorder = try EventRecorder(path: path, zone: zone)
        let name = "ring \"7\"\\\nnext"
        recorder.output(name, on: true, at: 1_800_000_000.25)
        let fajr = PlannedEvent(kind: .adhan, prayer: .fajr, time: 1_800_000_000, date: CivilDate(daysSinceEpoch: 20833),
                                index: 0, sounds: true, muted: true)
        recorder.event(fajr, action: .miss, at: 1_800_000_100)

        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2, "\(lines)")
        let decoder = JSONDecoder()
        let output = try decoder.decode(EventRecorder.OutputLine.self, from: Data(lines[0].utf8))
        #expect(output == .init(t: "2027-01-15T09:00:00.250+01:00", output: name, on: true))
        var event = try decoder.decode(EventRecorder.EventLine.self, from: Data(lines[1].utf8))
        // The real seconds since the recorder began (no loop here): a moment, never negative.
        #expect((event.real ?? -1) >= 0 && (event.real ?? 99) < 5, "\(lines[1])")
        event.real = nil
        #expect(event == .init(t: "2027-01-15T09:01:40.000+01:00", event: "adhan", prayer: "fajr",
                               scheduled: "2027-01-15T09:00:00+01:00", state: .missed, muted: true))
        // The words others read (the rig's judge, the cross check) are the record's own.
        #expect(lines[1].contains("\"state\":\"missed\"") && lines[1].contains("\"muted\":true"))
    }

    @Test("a state file's unknown word for a decision still counts as decided (missed), not as a broken file")
    func unknownOutcome() throws {
        let state = try JSONDecoder().decode(UnitState.self, from: Data(#"{"version":1,"events":{"a":{"state":"sounded","at":1},"b":{"state":"fired","at":2}}}"#.utf8))
        #expect(state.events["a"]?.state == .missed)
        #expect(state.events["b"]?.state == .fired)
    }
}
