import Compass
import Foundation
import Testing
import TestSupport
import UnitModel

/// status.json's states are enums whose raw values are the words it always wrote
/// (`StateWord`): read back, the recorded sample is the same report, and a report from a
/// newer unit with words this version does not know still reads, each unknown word as the
/// state its type documents (`unrecognized`).
@Suite("status words: typed states, the same words, unknown ones read")
struct StatusWordsTests {
    static let sample = SampleFile.directory(besides: #filePath) + "/status-full.json"

    static func words<W: StateWord>(_: W.Type) -> [String] { W.allCases.map(\.rawValue) }

    @Test("each state's words, as status.json and the screen's JSON have written them")
    func words() {
        #expect(Self.words(StatusCondition.self) == ["no-plan", "sensor-fault", "clock-untrusted", "state-not-persisted",
                                                     "compass-uncalibrated", "no-fix", "normal"])
        #expect(Self.words(StatusReport.GPSState.self) == ["waiting", "no-gpsd", "no-device", "no-fix", "silent", "2d-fix", "3d-fix"])
        #expect(Self.words(StatusReport.SensorState.self) == ["ok", "lost", "failing", "none"])
        #expect(Self.words(HeadingAccuracy.self) == ["unreliable", "low", "medium", "high"])
        #expect(Self.words(StatusReport.PositionSource.self) == ["gps", "last-fix", "configured"])
        #expect(Self.words(StatusReport.ClockSource.self) == ["gps", "kernel", "config"])
        #expect(Self.words(StatusReport.DisplayState.self) == ["ok", "failing", "waiting"])
        #expect(Self.words(StatusReport.ServerState.self) == ["listening", "starting", "down"])
        #expect(Self.words(StatusReport.BrokerState.self) == ["connected", "connecting", "off"])
        #expect(Self.words(StatusReport.Login.self) == ["account", "none"])
        #expect(Self.words(ScreenModel.Fast.Kind.self) == ["imsak", "iftar"])
        #expect(UnitEvent.Kind.allCases.map(\.rawValue) == ["adhan", "iqamah", "reminder", "sunrise", "event", "missed", "stop-pressed",
                                                            "command", "config", "error"])
        // Printed as the word (mihrab status, the logs), not the case's name.
        #expect("\(StatusCondition.noPlan) \(StatusReport.SensorState.absent) \(StatusReport.GPSState.fix3D)" == "no-plan none 3d-fix")
    }

    @Test("a newer unit's report: every state word unknown, the report still reads, each as its documented state")
    func unknownWords() throws {
        var text = try String(contentsOfFile: Self.sample, encoding: .utf8)
        let words = [#""source":"gps""#, #""compass":"high""#, #""state":"ok""#, #""kind":"iftar""#, #""gps":"waiting""#,
                     #""magnetometer":"none""#, #""source":"configured""#, #""state":"listening""#, #""broker":"connecting""#,
                     #""login":"account""#, #""status":"state-not-persisted""#]
        for w in words {
            try #require(text.contains(w), "the sample has \(w)")
            text = text.replacingOccurrences(of: w, with: w.prefix { $0 != ":" } + #":"a-newer-word""#)
        }
        text = text.replacingOccurrences(of: #","version":"#, with: #","outputs":[{"kind":"relay","name":"amp","state":"a-newer-word"}],"version":"#)

        let r = try JSONDecoder().decode(StatusReport.self, from: Data(text.utf8))
        #expect(r.status == .sensorFault && r.gps == .noFix && r.compass == .unreliable && r.sensors.magnetometer == .failing)
        #expect(r.position.source == .configured && r.clock.source == .config && r.fast?.kind == .imsak)
        #expect(r.site?.broker == .connecting && r.site?.login == .account)
        #expect(r.displays?.first?.state == .failing && r.servers?.first?.state == .down && r.outputs?.first?.state == .failing)
        // The words it knows read as they were.
        #expect(r.sensors.accelerometer == .absent && r.displays?.last?.state == .failing && r.servers?.last?.state == .down)
    }

    @Test("the recorded status.json reads back to a report that writes the same bytes")
    func sameBytes() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.sample))
        let report = try JSONDecoder().decode(StatusReport.self, from: bytes)
        #expect(report.json() == bytes)
    }
}
