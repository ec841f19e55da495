import Foundation
import PrayerTimes
import Testing
@testable import Screen

/// The physical lines of a document (split at CRLF; a bare CR or LF stays inside a line).
func physicalLines(_ bytes: [UInt8]) -> [[UInt8]] {
    var out: [[UInt8]] = [], line: [UInt8] = []
    var i = 0
    while i < bytes.count {
        if bytes[i] == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A {
            out.append(line)
            line = []
            i += 2
        } else {
            line.append(bytes[i])
            i += 1
        }
    }
    if !line.isEmpty { out.append(line) }  // not ended by CRLF: a fault the tests look for
    return out
}

/// The logical lines: each continuation (a line starting with a space) joined to the one before.
func unfoldedLines(_ bytes: [UInt8]) -> [String] {
    var out: [[UInt8]] = []
    for line in physicalLines(bytes) {
        if line.first == 0x20, !out.isEmpty { out[out.count - 1] += line.dropFirst() } else { out.append(line) }
    }
    return out.map { String(decoding: $0, as: UTF8.self) }
}

@Suite("iCalendar content lines: escaping, folding at 75 octets, CRLF, VTIMEZONE")
struct CalendarWriterTests {
    @Test("TEXT escaping: backslash, semicolon, comma and line breaks; control characters dropped, a tab kept")
    func escaping() {
        #expect(ContentLines.escape(#"a\b;c,d"#) == #"a\\b\;c\,d"#)
        #expect(ContentLines.escape("one\ntwo\r\nthree\rfour") == #"one\ntwo\nthree\nfour"#)
        #expect(ContentLines.escape("tab\there\u{7}\u{0}bell\u{7F}") == "tab\therebell")
        #expect(ContentLines.escape("مسجد, الجمعة; 1") == #"مسجد\, الجمعة\; 1"#)
        #expect(ContentLines.parameterValue("Europe/London") == "Europe/London")
        #expect(ContentLines.parameterValue("a:b\"c") == "\"a:bc\"")
    }

    @Test("each line ended by CRLF, a short one unfolded")
    func crlf() {
        var c = ContentLines()
        c.begin("VCALENDAR")
        c.text("SUMMARY", "Asr — Iqamah 16:45\nand more")
        c.end("VCALENDAR")
        #expect(c.bytes == Array("BEGIN:VCALENDAR\r\nSUMMARY:Asr — Iqamah 16:45\\nand more\r\nEND:VCALENDAR\r\n".utf8))
    }

    @Test("folded at 75 octets: the first line 75, each continuation a space and at most 74 more")
    func foldASCII() {
        var c = ContentLines()
        let value = String(repeating: "abcdefghij", count: 20)
        c.text("DESCRIPTION", value)
        let lines = physicalLines(c.bytes)
        #expect(lines.map(\.count) == [75, 75, 64])  // 12 + 200 = 212 octets: 75, then 74 and 63 after the spaces
        #expect(lines.dropFirst().allSatisfy { $0.first == 0x20 })
        #expect(unfoldedLines(c.bytes) == ["DESCRIPTION:" + value])
        // Exactly 75 octets: not folded.
        var d = ContentLines()
        d.text("X", String(repeating: "a", count: 73))
        #expect(physicalLines(d.bytes).map(\.count) == [75])
    }

    @Test("a fold never splits a UTF-8 sequence: Arabic (2 octets), a dash (3) and an emoji (4) at the fold")
    func foldMultibyte() throws {
        // "SUMMARY:" is 8 octets, then 2-octet letters: the 75th octet is the first half of a
        // letter, so the line must end at 74.
        let arabic = String(repeating: "الجمعة", count: 12)  // 2 octets a letter
        let dash = String(repeating: "a", count: 66) + "—" + "tail"  // "—" occupies octets 75-77
        let emoji = String(repeating: "a", count: 65) + "🕌" + "tail"  // "🕌" occupies octets 74-77
        for value in [arabic, dash, emoji] {
            var c = ContentLines()
            c.text("SUMMARY", value)
            let lines = physicalLines(c.bytes)
            #expect(lines.count > 1)
            for line in lines {
                #expect(line.count <= 75)
                #expect(String(validating: line, as: UTF8.self) != nil, "a line that is not UTF-8 by itself: a split sequence")
            }
            #expect(unfoldedLines(c.bytes) == ["SUMMARY:" + value])
        }
        var c = ContentLines()
        c.text("SUMMARY", arabic)
        #expect(physicalLines(c.bytes).first?.count == 75 - 1)
        var d = ContentLines()
        d.text("SUMMARY", dash)
        #expect(physicalLines(d.bytes).first?.count == 74)  // "SUMMARY:" + 66 a's, the dash on the next line
    }

    @Test("offsets, durations and date-times in RFC 5545's forms")
    func forms() {
        #expect(CalendarTime.offset(3600) == "+0100")
        #expect(CalendarTime.offset(0) == "+0000")
        #expect(CalendarTime.offset(-12_600) == "-0330")
        #expect(CalendarTime.offset(-75) == "-000115")
        #expect(CalendarTime.duration(25 * 60) == "PT25M")
        #expect(CalendarTime.duration(3_900) == "PT1H5M")
        #expect(CalendarTime.duration(3_600) == "PT1H")
        #expect(CalendarTime.duration(40) == "PT40S")
        #expect(CalendarTime.duration(0) == "PT0S")
        #expect(CalendarTime.duration(90_061) == "PT25H1M1S")
        #expect(CalendarTime.duration(3_600_000_005) == "PT1000000H5S")
        #expect(CalendarTime.utc(1_774_746_000) == "20260329T010000Z")
        #expect(CalendarTime.wall(1_774_746_000, offset: 3600) == "20260329T020000")
    }

    @Test("London's changes in 2026 found to the second: 29 March and 25 October at 01:00 UTC")
    func londonChanges() throws {
        let zone = try ZoneRules.load("Europe/London")
        let year = Int64(try #require(CivilDate(year: 2026, month: 1, day: 1)).unixMidnight)
        let changes = zone.changes(from: year, to: year + 365 * 86_400)
        #expect(changes.map(\.at) == [1_774_746_000, 1_792_890_000])
        #expect(changes.map(\.after.abbreviation) == ["BST", "GMT"])
    }

    @Test("VTIMEZONE for Europe/London from 27 March to 1 November 2026: GMT since October 2025, BST on 29 March, GMT on 25 October")
    func london() throws {
        let zone = try ZoneRules.load("Europe/London")
        let from = try #require(CivilDate(year: 2026, month: 3, day: 27)).unixMidnight
        let to = try #require(CivilDate(year: 2026, month: 11, day: 1)).unixMidnight
        var c = ContentLines()
        c.timeZone(zone, id: zone.identifier, from: Int64(from), to: Int64(to))
        #expect(unfoldedLines(c.bytes) == [
            "BEGIN:VTIMEZONE", "TZID:Europe/London",
            "BEGIN:STANDARD", "DTSTART:20251026T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0000", "TZNAME:GMT", "END:STANDARD",
            "BEGIN:DAYLIGHT", "DTSTART:20260329T010000", "TZOFFSETFROM:+0000", "TZOFFSETTO:+0100", "TZNAME:BST", "END:DAYLIGHT",
            "BEGIN:STANDARD", "DTSTART:20261025T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0000", "TZNAME:GMT", "END:STANDARD",
            "END:VTIMEZONE",
        ])
        // A range inside summer time: the change that began it, and nothing else.
        var s = ContentLines()
        let june = try #require(CivilDate(year: 2026, month: 6, day: 1)).unixMidnight
        s.timeZone(zone, id: zone.identifier, from: Int64(june), to: Int64(june) + 30 * 86_400)
        #expect(unfoldedLines(s.bytes).filter { $0.hasPrefix("DTSTART") } == ["DTSTART:20260329T010000"])
    }

    @Test("VTIMEZONE for a zone without summer time (Asia/Kuala_Lumpur): one STANDARD component")
    func noDST() throws {
        let zone = try ZoneRules.load("Asia/Kuala_Lumpur")
        let from = try #require(CivilDate(year: 2026, month: 3, day: 27)).unixMidnight
        var c = ContentLines()
        c.timeZone(zone, id: zone.identifier, from: Int64(from), to: Int64(from) + 366 * 86_400)
        #expect(unfoldedLines(c.bytes) == [
            "BEGIN:VTIMEZONE", "TZID:Asia/Kuala_Lumpur",
            "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:+0800", "TZOFFSETTO:+0800", "TZNAME:+08", "END:STANDARD",
            "END:VTIMEZONE",
        ])
    }
}
