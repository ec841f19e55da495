import HAL

#if canImport(Glibc)
import Glibc
#endif

/// What a sound file's container says of its length, read from the file's own bytes before
/// anything is decoded. libsndfile trusts the file over the header where they disagree: a
/// WAV whose data chunk runs past the end is played as far as it goes, its frame count cut
/// to match, so a truncated file would pass for a short one.
enum SoundContainer {
    /// Throws for a file whose container says it is longer than it is: a WAV (RIFF or RIFX)
    /// whose data chunk runs past the end of the file; an Ogg stream whose last page is cut
    /// short or lacks its end-of-stream mark. Anything else passes here: the decoder's own
    /// header (FLAC's STREAMINFO, MP3's Xing frame) is compared with what decodes (`probe`).
    /// Reads a few headers and at most the last 128 KiB, whatever the file's size.
    static func check(_ path: String) throws(SoundError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return }  // libsndfile, which opened it, would have said why
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return }
        let file = FileBytes(fd: fd, size: Int(st.st_size))
        let head = file.bytes(at: 0, count: 12)
        guard head.count == 12 else { return }
        let id = String(decoding: head[0..<4], as: UTF8.self)
        if id == "OggS" {
            try checkOgg(file, path)
        } else if id == "RIFF" || id == "RIFX", String(decoding: head[8..<12], as: UTF8.self) == "WAVE" {
            try checkWAV(file, path, bigEndian: id == "RIFX")
        }
    }

    /// Data chunk sizes from here on are what writers put when they cannot seek back to fill
    /// in the real one (sox writing to a pipe leaves 0x7FFFF000; 0xFFFFFFFF is the other
    /// usual placeholder): no claim, the file plays what it holds.
    static let streamingSize = 0x7FFF_0000
    /// A WAV's chunks walked before giving up on finding its data (a real file has a few).
    static let maxChunks = 256

    private static func checkWAV(_ file: FileBytes, _ path: String, bigEndian: Bool) throws(SoundError) {
        var offset = 12
        var byteRate = 0
        for _ in 0..<maxChunks {
            let h = file.bytes(at: offset, count: 8)
            guard h.count == 8 else { return }  // no data chunk: libsndfile's to refuse
            let size = Int(word(h, 4, bigEndian: bigEndian))
            let body = offset + 8
            switch String(decoding: h[0..<4], as: UTF8.self) {
            case "fmt ":
                let f = file.bytes(at: body, count: 12)
                if f.count == 12 { byteRate = Int(word(f, 8, bigEndian: bigEndian)) }
            case "data":
                let held = max(0, file.size - body)
                guard size < streamingSize, size > held else { return }
                throw SoundError(path, "truncated: " + (byteRate > 0
                    ? saysHolds(Double(size) / Double(byteRate), Double(held) / Double(byteRate), counts: (size, held), unit: "bytes")
                    : "the header says \(size) bytes of sound, the file holds \(held)"))
            default: break
            }
            offset = body + size + (size & 1)  // chunks are padded to an even length
        }
    }

    /// The largest Ogg page: 27 bytes of header, 255 lacing values, 255 segments of 255.
    static let maxOggPage = 27 + 255 + 255 * 255
    /// Page headers whose CRC is checked, from the end, before giving up (a real file's last
    /// whole page is the first or second).
    static let maxOggCandidates = 32

    /// The last whole page (CRC checked) must end the stream. It starts within the last two
    /// largest pages, whatever part of a page follows it.
    private static func checkOgg(_ file: FileBytes, _ path: String) throws(SoundError) {
        let start = max(0, file.size - 2 * maxOggPage)
        let tail = file.bytes(at: start, count: file.size - start)
        var tried = 0
        for c in stride(from: tail.count - 27, through: 0, by: -1)
        where tail[c] == 0x4F && tail[c + 1] == 0x67 && tail[c + 2] == 0x67 && tail[c + 3] == 0x53 && tail[c + 4] == 0 {
            // Checking a CRC costs up to 64 KiB: a tail of false "OggS" is given up on, not checked through.
            tried += 1
            if tried > maxOggCandidates { return }
            guard let length = OggPage.length(tail, at: c) else { continue }
            if tail[c + 5] & 0x04 != 0 { return }  // end of stream
            throw SoundError(path, c + length == tail.count
                ? "truncated: it ends without the Ogg end-of-stream mark"
                : "truncated: its last Ogg page is cut short")
        }
    }

    static func word(_ b: [UInt8], _ at: Int, bigEndian: Bool) -> UInt32 {
        let v = (0..<4).map { UInt32(b[at + $0]) }
        return bigEndian ? v[0] << 24 | v[1] << 16 | v[2] << 8 | v[3] : v[3] << 24 | v[2] << 16 | v[1] << 8 | v[0]
    }

    /// "2.00 s".
    static func seconds(_ s: Double) -> String {
        let hundredths = Int((s * 100).rounded())
        let frac = hundredths % 100
        return "\(hundredths / 100).\(frac < 10 ? "0" : "")\(frac) s"
    }

    /// "the header says 2.00 s of sound, the file holds 0.28 s"; the counts they come from
    /// too when the seconds read the same.
    static func saysHolds(_ said: Double, _ held: Double, counts: (Int, Int), unit: String, holds: String = "the file holds") -> String {
        let (x, y) = (seconds(said), seconds(held))
        return x == y
            ? "the header says \(x) of sound (\(counts.0) \(unit)), \(holds) \(y) (\(counts.1))"
            : "the header says \(x) of sound, \(holds) \(y)"
    }

    /// A header's frame count against what decoded.
    static func mismatch(header: Int, decoded: Int, rate: Int) -> String {
        let (said, got) = (Double(header) / Double(rate), Double(decoded) / Double(rate))
        return decoded < header
            ? "truncated: " + saysHolds(said, got, counts: (header, decoded), unit: "frames")
            : "corrupt: " + saysHolds(said, got, counts: (header, decoded), unit: "frames", holds: "it decodes to")
    }
}

/// An open file read at offsets.
struct FileBytes {
    let fd: Int32
    let size: Int

    /// Up to `count` bytes from `offset` (fewer at the end of the file or on an error).
    func bytes(at offset: Int, count: Int) -> [UInt8] {
        guard offset >= 0, offset < size, count > 0 else { return [] }
        var out = [UInt8](repeating: 0, count: min(count, size - offset))
        var done = 0
        while done < out.count {
            let n = out.withUnsafeMutableBytes { raw in
                pread(fd, raw.baseAddress.map { $0 + done }, raw.count - done, off_t(offset + done))
            }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { break }
            done += n
        }
        return Array(out.prefix(done))
    }
}

/// Ogg pages (RFC 3533): "OggS", version 0, flags, granule, serial, sequence, CRC, then the
/// lacing values that give the body's length.
enum OggPage {
    /// The whole page's length when one starts at `at`, lies within `b` and its CRC holds.
    static func length(_ b: [UInt8], at: Int) -> Int? {
        guard at + 27 <= b.count, b[at + 4] == 0 else { return nil }
        let segments = Int(b[at + 26])
        guard at + 27 + segments <= b.count else { return nil }
        let length = 27 + segments + b[(at + 27)..<(at + 27 + segments)].reduce(0) { $0 + Int($1) }
        guard at + length <= b.count else { return nil }
        let stored = UInt32(b[at + 22]) | UInt32(b[at + 23]) << 8 | UInt32(b[at + 24]) << 16 | UInt32(b[at + 25]) << 24
        var crc: UInt32 = 0
        for i in at..<(at + length) {
            let byte = (22...25).contains(i - at) ? 0 : b[i]
            crc = crc << 8 ^ crcTable[Int((crc >> 24) ^ UInt32(byte))]
        }
        return crc == stored ? length : nil
    }

    /// CRC-32 with polynomial 0x04C11DB7, most significant bit first, as Ogg computes it.
    static let crcTable: [UInt32] = (0..<256).map { (n: Int) -> UInt32 in
        var r = UInt32(n) << 24
        for _ in 0..<8 { r = r & 0x8000_0000 != 0 ? r << 1 ^ 0x04C1_1DB7 : r << 1 }
        return r
    }
}
