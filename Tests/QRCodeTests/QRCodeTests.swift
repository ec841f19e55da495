import Foundation
import QRCode
import Testing

@Suite("QR codes: libqrencode's modules, drawn by librsvg and read back by zbar")
struct QRCodeTests {
    static let setupAddress = "https://mihrab.local:8443/setup?code=K7M2QX"

    @Test("The setup address, drawn at 400 px, reads back the same")
    func setupAddress() throws {
        let code = try QRMatrix.encode(Self.setupAddress)
        #expect(try Decoder.read(svg: code.svg(), pixels: 400, name: "qr-setup") == Self.setupAddress)
    }

    @Test("Arabic (UTF-8) reads back the same")
    func arabic() throws {
        let text = "مسجد النور — https://مسجد.local:8443/setup?code=K7M2QX"
        let code = try QRMatrix.encode(text)
        #expect(try Decoder.read(svg: code.svg(), pixels: 400, name: "qr-arabic") == text)
    }

    @Test("500 bytes, the most taken, reads back the same at 800 px")
    func longest() throws {
        let head = String(repeating: "https://mihrab.local/", count: 23)
        let text = head + String(repeating: "x", count: QRMatrix.maxBytes - head.utf8.count)
        #expect(text.utf8.count == QRMatrix.maxBytes)
        let code = try QRMatrix.encode(text)
        #expect(try Decoder.read(svg: code.svg(), pixels: 800, name: "qr-longest") == text)
    }

    @Test("A text one byte too long: its one line, no code")
    func tooLong() {
        let text = String(repeating: "a", count: 499) + "é"  // 501 bytes in UTF-8
        #expect(throws: QRError.tooLong(bytes: 501, limit: 500)) { try QRMatrix.encode(text) }
        #expect(QRError.tooLong(bytes: 501, limit: 500).description == "QR code: text of 501 bytes is too long (at most 500)")
        #expect(throws: QRError.empty) { try QRMatrix.encode("") }
    }

    // ISO/IEC 18004:2015 Table 7: version 1 at level M holds 20 alphanumeric characters or
    // 14 bytes; version 2 at M holds 26 bytes. A version V symbol is 17 + 4V modules a side.
    @Test("The smallest version at level M, by the standard's capacity table")
    func versions() throws {
        #expect(try QRMatrix.encode("HELLO WORLD").size == 21)
        #expect(try QRMatrix.encode(String(repeating: "a", count: 14)).size == 21)
        #expect(try QRMatrix.encode(String(repeating: "a", count: 15)).size == 25)
        #expect(try QRMatrix.encode(String(repeating: "a", count: 26)).size == 25)
        #expect(try QRMatrix.encode(String(repeating: "a", count: 27)).size == 29)
    }

    // ISO/IEC 18004 6.3.3: a finder pattern (7 x 7: dark ring, light ring, dark 3 x 3 core) at
    // three corners, each with a light separator; the timing pattern alternates on row 6.
    @Test("Finder patterns at three corners and the timing row, in rows()")
    func finderPatterns() throws {
        let code = try QRMatrix.encode(Self.setupAddress)
        let rows = code.rows()
        let n = code.size
        #expect(rows.count == n && rows.allSatisfy { $0.count == n && $0.allSatisfy { $0 == "0" || $0 == "1" } })
        let finder = ["1111111", "1000001", "1011101", "1011101", "1011101", "1000001", "1111111"]
        for (i, line) in finder.enumerated() {
            let row = Array(rows[i])
            #expect(String(row[0..<7]) == line)
            #expect(String(row[(n - 7)...]) == line)
            #expect(row[7] == "0" && row[n - 8] == "0")
            #expect(String(Array(rows[n - 7 + i])[0..<7]) == line)
        }
        let timing = Array(rows[6])[8..<(n - 8)]
        #expect(timing.enumerated().allSatisfy { $0.element == ($0.offset % 2 == 0 ? "1" : "0") })
        #expect(code[-1, 0] == false && code[n, n] == false && code[0, 0] == true)
    }

    @Test("The SVG: a viewBox in modules with the quiet zone, crisp edges, no size of its own, one path")
    func svgShape() throws {
        let code = try QRMatrix.encode("HELLO WORLD")
        let svg = code.svg()
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 29 29\" shape-rendering=\"crispEdges\">"))
        #expect(!svg.contains(" width=\"29\" height=\"29\" viewBox") && !svg.contains("<svg width"))
        #expect(svg.components(separatedBy: "<path").count == 2)
        #expect(code.svg(quietZone: 2).contains("viewBox=\"0 0 25 25\""))
    }

    @Test("Made from many threads at once, every code the same")
    func concurrent() async throws {
        let want = try QRMatrix.encode(Self.setupAddress)
        let made = await withTaskGroup(of: QRMatrix?.self) { group in
            for _ in 0..<64 { group.addTask { try? QRMatrix.encode(Self.setupAddress) } }
            var all: [QRMatrix?] = []
            for await code in group { all.append(code) }
            return all
        }
        #expect(made.count == 64 && made.allSatisfy { $0 == want })
    }

    @Test("A missing library says which package to install, on one line")
    func missingLibrary() {
        let line = QRError.libraryMissing(reason: "libqrencode.so.4: cannot open shared object file: No such file or directory").description
        #expect(line == "QR code: libqrencode4 is not installed (libqrencode.so.4: cannot open shared object file: No such file or directory)")
        #expect(!line.contains("\n"))
    }
}
