import Audio
import Foundation
import HAL
import Testing
import TestSupport

/// The offsets and lengths of an Ogg file's pages.
func oggPages(_ d: Data) -> [(offset: Int, length: Int)] {
    let b = [UInt8](d)
    var pages: [(Int, Int)] = []
    var o = 0
    while o + 27 <= b.count, b[o..<(o + 4)].elementsEqual("OggS".utf8) {
        let n = Int(b[o + 26])
        let length = 27 + n + b[(o + 27)..<(o + 27 + n)].reduce(0) { $0 + Int($1) }
        pages.append((o, length))
        o += length
    }
    return pages
}

/// Files cut short: their header (or container) says more sound than they hold. libsndfile
/// plays a cut WAV as far as it goes, so these are refused by the length the file claims.
/// (FLAC: SoundFileErrorTests.)
@Suite("truncated sound files: refused by probe, one line saying how much is missing")
struct TruncatedSoundTests {
    func message(_ path: String) -> String? {
        do {
            _ = try SoundFile.probe(path)
            return nil
        } catch {
            return error.description
        }
    }

    func write(_ data: Data, _ path: String) throws { try data.write(to: URL(fileURLWithPath: path)) }

    @Test("a WAV whose data chunk runs past the end of the file (it passed, and played 0.28 s of a 2 s adhan)")
    func truncatedWAV() throws {
        let dir = try TemporaryDirectory("mihrab-truncated")
        defer { dir.remove() }
        let path = dir.file("adhan.wav")
        try write(WAVFixture.data(declared: 96000, held: 13440), path)
        #expect(try SoundFile.open(path).info.frames == 13440, "libsndfile itself says what the file holds")
        #expect(message(path) == "\(path): truncated: the header says 2.00 s of sound, the file holds 0.28 s")
        // Found past other chunks, padding and all; the whole file passes.
        try write(WAVFixture.data(declared: 4800, held: 4799, before: [("LIST", Array("INFOabc".utf8))]), path)
        #expect(message(path) == "\(path): truncated: the header says 0.10 s of sound (9600 bytes), the file holds 0.10 s (9598)")
        try write(WAVFixture.data(declared: 4800, held: 4800, before: [("LIST", Array("INFOabc".utf8))]), path)
        #expect(message(path) == nil)
        #expect(try SoundFile.probe(path).frames == 4800)
    }

    @Test("a WAV written to a pipe (its data size a placeholder, as sox writes it) is not a claim: it plays what it holds")
    func streamedWAV() throws {
        let dir = try TemporaryDirectory("mihrab-truncated")
        defer { dir.remove() }
        let path = dir.file("adhan.wav")
        try write(WAVFixture.data(declared: 0, held: 4800, dataSize: 0x7FFF_F000), path)
        #expect(try SoundFile.probe(path).frames == 4800)
    }

    @Test("a truncated Ogg: its last page cut short, or cut at a page (no end-of-stream mark); both passed before")
    func truncatedOgg() throws {
        let dir = try TemporaryDirectory("mihrab-truncated")
        defer { dir.remove() }
        let whole = dir.file("whole.ogg"), cut = dir.file("cut.ogg")
        // Noise, so that the stream spans several pages.
        try Sox.run(["-n", "-r", "48000", "-c", "1", whole, "synth", "1.5", "whitenoise", "vol", "0.5"])
        let data = try Data(contentsOf: URL(fileURLWithPath: whole))
        let pages = oggPages(data)
        #expect(pages.count >= 4 && pages.last.map { $0.offset + $0.length } == data.count)
        #expect(message(whole) == nil)
        try write(data.prefix(data.count - 100), cut)
        #expect(message(cut) == "\(cut): truncated: its last Ogg page is cut short")
        try write(data.prefix(pages[pages.count - 1].offset), cut)
        #expect(message(cut) == "\(cut): truncated: it ends without the Ogg end-of-stream mark")
    }

    @Test("a truncated MP3 with LAME's Info frame: its frame count against what decodes")
    func truncatedMP3() throws {
        let dir = try TemporaryDirectory("mihrab-truncated")
        defer { dir.remove() }
        let cut = dir.file("cut.mp3")
        let data = try Data(contentsOf: URL(fileURLWithPath: fixtures + "/sine440.mp3"))
        try write(data.prefix(data.count * 6 / 10), cut)
        let m = message(cut) ?? "no error"
        #expect(m.hasPrefix("\(cut): truncated: the header says 1.00 s of sound, the file holds 0."), "\(m)")
    }
}
