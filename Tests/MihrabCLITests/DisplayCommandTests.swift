import Foundation
import Testing
import TestSupport

/// The size in a PNG's IHDR (bytes 16-23, big-endian).
func pngSize(_ path: String) throws -> (Int, Int) {
    let b = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(b.count > 24 && b[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    func be32(_ i: Int) -> Int { b[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) } }
    return (be32(16), be32(20))
}

@Suite("mihrab display")
struct DisplayCommandTests {
    let london = ["--tz", "Europe/London", "--lat", "51.5074", "--lon", "-0.1278"]

    @Test("The simulated board's OLED, the day BST begins: a 512x256 PNG at scale 4")
    func oled() throws {
        let out = NSTemporaryDirectory() + "mihrab-oled-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let r = try MihrabBinary.run(["display", "--board", "board/simulated.toml", "--at", "2026-03-29T13:10"] + london + ["--png", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("ssd1306 at 0x3c (128x64)"))
        #expect(try pngSize(out) == (512, 256))
    }

    @Test("The LCD board at 10:30: the emulator's four rows, the next prayer on BST, a 20x4 PNG")
    func lcd() throws {
        let out = NSTemporaryDirectory() + "mihrab-lcd-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let r = try MihrabBinary.run(["display", "--board", "board/simulated-lcd.toml", "--at", "2026-03-29T10:30", "--scale", "2"] + london + ["--png", out])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(rows.count >= 4)
        #expect(rows[0].hasPrefix("10:30"), "\(rows)")
        #expect(rows[1].hasPrefix("Next Dhuhr 13:"), "\(rows)")
        #expect(rows[2].contains("in 2:3") || rows[2].contains("in 2:4"), "about two hours and a half to Dhuhr: \(rows)")
        let (w, h) = try pngSize(out)
        #expect(w > 20 * 5 * 2 && h > 4 * 8 * 2)
    }

    @Test("Bad input: a board without displays, an index out of range, no output asked, --show on a simulated board: one line each")
    func badInput() throws {
        let noDisplays = NSTemporaryDirectory() + "mihrab-board-\(UUID().uuidString).toml"
        defer { try? FileManager.default.removeItem(atPath: noDisplays) }
        try "name = \"bare\"\n[i2c]\nbus = \"simulated\"\n".write(toFile: noDisplays, atomically: true, encoding: .utf8)
        for (args, status, words) in [
            (["display", "--board", noDisplays, "--png", "/tmp/x.png"], Int32(78), "has no [[displays]]"),
            (["display", "--index", "3", "--png", "/tmp/x.png"], 64, "--index 3"),
            (["display"], 64, "--png"),
            (["display", "--show"], 64, "simulated"),
            (["display", "--at", "2026-13-01T10:00", "--png", "/tmp/x.png"], 64, "--at"),
        ] {
            let r = try MihrabBinary.run(args)
            #expect(r.status == status, "\(args): \(r.status) \(r.stderr)")
            let lines = r.stderr.split(separator: "\n").filter { !$0.isEmpty }
            #expect(lines.count == 1 && lines[0].contains(words), "\(args): \(r.stderr)")
        }
    }

    @Test("A display in the board file that is wrong: one line naming the file, key and what is allowed")
    func badBoard() throws {
        let board = NSTemporaryDirectory() + "mihrab-board-\(UUID().uuidString).toml"
        defer { try? FileManager.default.removeItem(atPath: board) }
        for (body, words) in [
            ("[[displays]]\nchip = \"ssd1306\"\naddress = 0x27\n", "displays[0].address"),
            ("[[displays]]\nchip = \"st7735\"\n", "displays[0].chip"),
            ("[[displays]]\nchip = \"ssd1306\"\nrotation = 90\n", "rotation"),
            ("[[displays]]\nchip = \"hd44780-pcf8574\"\ncolumns = 40\nrows = 4\n", "80 characters"),
            ("[[displays]]\nchip = \"hd44780-pcf8574\"\ncolumns = 20\nrows = 3\n", "must be 1, 2 or 4"),
            ("[[displays]]\nchip = \"ssd1306\"\n\n[[displays]]\nchip = \"sh1106\"\n", "two displays"),
            ("[[displays]]\nchip = \"ssd1306\"\ncolour = \"blue\"\n", "colour"),
        ] {
            try ("name = \"t\"\n[i2c]\nbus = \"simulated\"\n" + body).write(toFile: board, atomically: true, encoding: .utf8)
            let r = try MihrabBinary.run(["display", "--board", board, "--png", "/tmp/x.png"])
            #expect(r.status == 78, "\(body): \(r.stderr)")
            let lines = r.stderr.split(separator: "\n").filter { !$0.isEmpty }
            #expect(lines.count == 1 && lines[0].contains(words) && lines[0].contains(board), "\(body): \(r.stderr)")
        }
    }
}
