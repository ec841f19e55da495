import Foundation
import HTTPTypes
import HummingbirdCore
import NIOCore
import PrayerTimes
import Service
import Testing
@testable import Screen
import UnitModel

/// The screen server's routes driven in-process: a request made, its response read, no socket.
@Suite("GET /calendar.ics through the screen server's routes")
struct CalendarRouteTests {
    struct Answer {
        var status: Int
        var headers: HTTPFields
        var body: [UInt8]
    }

    /// A response body's bytes, collected.
    final class Sink: @unchecked Sendable {
        var bytes: [UInt8] = []
        struct Writer: ResponseBodyWriter {
            let sink: Sink
            mutating func write(_ buffer: ByteBuffer) async throws { sink.bytes += buffer.readableBytesView }
            consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
        }
    }

    static func get(_ routes: Routes, _ path: String) async -> Answer {
        let head = HTTPRequest(method: .get, scheme: "http", authority: "unit:8080", path: path)
        let response = routes.respond(Request(head: head, body: RequestBody(buffer: ByteBuffer())))
        let sink = Sink()
        try? await response.body.write(Sink.Writer(sink: sink))
        return Answer(status: response.status.code, headers: response.headers, body: sink.bytes)
    }

    @Test("503 before the loop's first pass, then the feed as text/calendar; 400 naming days for a bad one; 503 without a position")
    func route() async throws {
        let feed = ScreenFeed()
        let routes = Routes(feed: feed, hub: EventHub(feed: feed))
        let starting = await Self.get(routes, "/calendar.ics")
        #expect(starting.status == 503)

        let input = try londonMosque()
        let wall = try friday27March()
        feed.publish(input, wall: wall)
        let ok = await Self.get(routes, "/calendar.ics?days=3&lang=en")
        #expect(ok.status == 200)
        #expect(ok.headers[.contentType] == "text/calendar; charset=utf-8")
        #expect(ok.body == (try CalendarFeed.make(query: ["days": "3", "lang": "en"], input: input, wall: wall)))
        #expect(ok.headers[.contentLength] == String(ok.body.count))
        let whole = await Self.get(routes, "/calendar.ics")
        #expect(unfoldedLines(whole.body).filter { $0 == "BEGIN:VEVENT" }.count == 30 * 5 + 5)  // 30 days by default

        let bad = await Self.get(routes, "/calendar.ics?days=400")
        #expect(bad.status == 400)
        #expect(String(decoding: bad.body, as: UTF8.self) == "days: '400' is not a whole number from 1 to 366\n")

        var nowhere = input
        nowhere.position = nil
        feed.publish(nowhere, wall: wall)
        let unplaced = await Self.get(routes, "/calendar.ics")
        #expect(unplaced.status == 503)
        #expect(String(decoding: unplaced.body, as: UTF8.self) == "the unit has no position to compute times for\n")
    }
}
