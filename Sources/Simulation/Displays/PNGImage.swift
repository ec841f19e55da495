/// An RGB image that writes itself as a PNG: what the display emulators render for tests and
/// people. Stored (uncompressed) deflate blocks: no zlib needed, and the images are small
/// (a 128x64 OLED at scale 4 is 400 KB); CRC-32 and Adler-32 as in RFC 1950/2083.
public struct PNGImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Row-major RGB, 3 bytes a pixel.
    public var rgb: [UInt8]

    public init(width: Int, height: Int, fill: (UInt8, UInt8, UInt8) = (0, 0, 0)) {
        self.width = width
        self.height = height
        rgb = [UInt8](repeating: 0, count: width * height * 3)
        for i in 0..<(width * height) { rgb[3 * i] = fill.0; rgb[3 * i + 1] = fill.1; rgb[3 * i + 2] = fill.2 }
    }

    public subscript(x: Int, y: Int) -> (UInt8, UInt8, UInt8) {
        get { let i = 3 * (y * width + x); return (rgb[i], rgb[i + 1], rgb[i + 2]) }
        set {
            guard x >= 0, x < width, y >= 0, y < height else { return }
            let i = 3 * (y * width + x)
            rgb[i] = newValue.0; rgb[i + 1] = newValue.1; rgb[i + 2] = newValue.2
        }
    }

    /// Fills a rectangle (clipped to the image).
    public mutating func fill(x: Int, y: Int, width w: Int, height h: Int, _ color: (UInt8, UInt8, UInt8)) {
        for yy in max(0, y)..<min(height, y + h) { for xx in max(0, x)..<min(width, x + w) { self[xx, yy] = color } }
    }

    /// The PNG file's bytes: 8-bit RGB, no interlace.
    public var png: [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (1 + 3 * width))
        for y in 0..<height {
            raw.append(0)  // filter: none
            raw.append(contentsOf: rgb[(3 * width * y)..<(3 * width * (y + 1))])
        }
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.be32(UInt32(width)); header.be32(UInt32(height))
        header += [8, 2, 0, 0, 0]  // depth 8, colour type 2 (RGB), deflate, adaptive filters, no interlace
        out.chunk("IHDR", header)
        out.chunk("IDAT", Self.zlibStored(raw))
        out.chunk("IEND", [])
        return out
    }

    /// A zlib stream of stored blocks (at most 65,535 bytes each).
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var z: [UInt8] = [0x78, 0x01]
        var i = 0
        repeat {
            let n = min(65_535, data.count - i)
            z.append(i + n == data.count ? 1 : 0)
            z += [UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            z.append(contentsOf: data[i..<(i + n)])
            i += n
        } while i < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        z.be32(b << 16 | a)
        return z
    }

    static let crcTable: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc32<S: Sequence>(_ bytes: S) -> UInt32 where S.Element == UInt8 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = crcTable[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}

extension [UInt8] {
    mutating func be32(_ v: UInt32) { append(contentsOf: [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]) }

    mutating func chunk(_ type: String, _ data: [UInt8]) {
        be32(UInt32(data.count))
        let body = Array(type.utf8) + data
        append(contentsOf: body)
        be32(PNGImage.crc32(body))
    }
}
