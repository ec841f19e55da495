import Foundation
import PrayerTimes
import Testing
@testable import Screen
import UnitModel

/// The screen's event hub with no page open, then with one: it encodes nothing for nobody,
/// and a page opened late still gets the latest state at once.
@Suite("the screen's event hub")
struct EventHubTests {
    /// Waits (suspending) up to 5 s for `check`.
    private func eventually(_ check: () -> Bool) async -> Bool {
        for _ in 0..<5000 {
            if check() { return true }
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
        return check()
    }

    /// An SSE event's name and its JSON.
    private func parse(_ bytes: [UInt8]) throws -> (name: String, json: [String: Any]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = text.split(separator: "\n")
        let name = try #require(lines.first { $0.hasPrefix("event: ") }).dropFirst("event: ".count)
        let data = try #require(lines.first { $0.hasPrefix("data: ") }).dropFirst("data: ".count)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
        return (String(name), json)
    }

    @Test("no subscriber: publications are taken but nothing is encoded; a later page gets the latest model at once, then the time")
    func nothingForNobody() async throws {
        let feed = ScreenFeed()
        let hub = EventHub(feed: feed)
        let run = Task { await hub.run() }
        defer { run.cancel() }
        let input = try londonMosque()
        let noon = try friday27March()
        // Three seconds of the loop's publications with nobody listening.
        for s in 0..<3 { feed.publish(input, wall: noon + Double(s)) }
        #expect(await eventually { hub.takenSequence == 3 }, "the hub took every publication")
        #expect(hub.encoded == 0, "\(hub.encoded) models encoded for nobody")

        // A page opens: the reconnection delay, then the model at the latest publication's instant.
        var events = hub.subscribe().makeAsyncIterator()
        let retry = try #require(await events.next())
        #expect(String(decoding: retry, as: UTF8.self) == "retry: 2000\n\n")
        let first = try parse(try #require(await events.next()))
        let latest = ScreenModel.at(noon + 2, input).now
        #expect(first.name == "model")
        #expect(first.json["now"] as? String == latest, "the model of the latest publication (\(latest))")
        #expect(latest != ScreenModel.at(noon, input).now, "the instants differ")

        // The next publication reaches it: the whole model again (the hub kept none), then the time.
        feed.publish(input, wall: noon + 3)
        let next = ScreenModel.at(noon + 3, input).now
        var names: [String] = []
        while names.last != "time" {
            let e = try parse(try #require(await events.next()))
            names.append(e.name)
            #expect(e.json["now"] as? String == next)
        }
        #expect(names == ["model", "time"])
        #expect(hub.encoded == 2, "the page's own model, then one publication")
    }
}
