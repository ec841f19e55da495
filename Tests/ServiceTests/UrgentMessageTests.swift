import Foundation
import PrayerTimes
import Testing
@testable import Service
import UnitModel

/// The site's urgent message on a unit in virtual time: taken, recorded with its sender, shown
/// through a restart (kept on disk), ended at its time, cleared; a bad one refused.
@Suite("The urgent message on a unit")
struct UrgentMessageTests {
    static func lines(_ path: String) -> [[String: String]] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
            .filter { $0["type"] as? String == "message" }.map { $0.compactMapValues { $0 as? String } }
    }

    @Test("Shown for its minutes, in the screen's input and the record; back after a restart; gone at its end, the file with it")
    func lifetime() throws {
        let h = try UnitHarness(zone: "Europe/London", lat: 51.5074, lon: -0.1278, start: try #require(CivilDate(iso: "2026-03-25")), startMinute: 9 * 60)
        _ = h.core.tick()
        let start = h.clock.wallNow()
        let answer = h.core.showMessage(MessageRequest(text: "  Car AB12 CDE is blocking the gate ", minutes: 15, by: "imam"), id: "m-1")
        #expect(answer == "showing until 09:15 on this unit's screens")
        #expect(h.core.screenInput.message?.text == "Car AB12 CDE is blocking the gate")
        #expect(ScreenModel.at(start + 60, h.core.screenInput).message?.banner == false)
        #expect(Self.lines(h.recordPath).first == ["t": "2026-03-25T09:00:00.000+00:00", "type": "message", "step": "shown",
                                                   "text": "Car AB12 CDE is blocking the gate", "by": "imam", "until": "2026-03-25T09:15:00+00:00"])
        let file = h.stateDirectory + "/" + UnitCore.messageFile
        #expect(FileManager.default.fileExists(atPath: file))
        // A power cut of five minutes: the message is back.
        h.restart(downFor: 300)
        #expect(h.core.message?.text == "Car AB12 CDE is blocking the gate" && h.core.message?.until == start + 900)
        h.run(untilWall: start + 899)
        #expect(h.core.message != nil)
        h.run(untilWall: start + 901)
        #expect(h.core.message == nil && !FileManager.default.fileExists(atPath: file))
        #expect(ScreenModel.at(start + 901, h.core.screenInput).message == nil)
    }

    @Test("Cleared by whoever clears it (recorded); a bad one refused and nothing shown")
    func clearAndRefuse() throws {
        let h = try UnitHarness(zone: "Europe/London", lat: 51.5074, lon: -0.1278, start: try #require(CivilDate(iso: "2026-03-25")), startMinute: 9 * 60)
        _ = h.core.tick()
        #expect(h.core.showMessage(MessageRequest(text: "", by: "imam"), id: "c-0") == "no message to clear")
        #expect(h.core.showMessage(MessageRequest(text: "one\ntwo", by: "imam"), id: "b-1").hasPrefix("refused: the message holds a control character"))
        #expect(h.core.showMessage(MessageRequest(text: "hi", minutes: 0, by: "imam"), id: "b-2") == "refused: minutes: 0 is not 1 to 1440")
        #expect(h.core.message == nil)
        _ = h.core.showMessage(MessageRequest(text: "Car AB12", minutes: 60, by: "imam"), id: "m-1")
        #expect(h.core.showMessage(MessageRequest(text: "", by: "caretaker"), id: "c-1") == "cleared")
        #expect(h.core.message == nil)
        #expect(Self.lines(h.recordPath).map { $0["step"] ?? "" } == ["shown", "cleared"])
        #expect(Self.lines(h.recordPath).last?["by"] == "caretaker")
    }
}
