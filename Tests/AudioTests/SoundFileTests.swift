import Audio
import Foundation
import HAL
import Testing
import TestSupport

/// Every frame of a stream, read in chunks of `chunk` frames.
func decodeAll(_ stream: SoundStream, chunk: Int = 1000) throws -> [Int16] {
    let channels = stream.info.channels
    let buffer = UnsafeMutableBufferPointer<Int16>.allocate(capacity: chunk * channels)
    defer { buffer.deallocate() }
    var out: [Int16] = []
    while true {
        let n = try stream.read(into: buffer, frames: chunk)
        if n == 0 { return out }
        out += buffer.prefix(n * channels)
    }
}

/// The MP3 fixtures' source: lrint(16384 sin(2 pi 440 i / 48000)) (Fixtures/make-mp3.c).
let mp3Source: [Int16] = (0..<48000).map { Int16((16384 * sin(2 * Double.pi * 440 * Double($0) / 48000)).rounded()) }

func rms(_ a: ArraySlice<Int16>, _ b: ArraySlice<Int16>) -> Double {
    let n = min(a.count, b.count)
    guard n > 0 else { return .infinity }
    var sum = 0.0
    for (x, y) in zip(a, b) { sum += (Double(x) - Double(y)) * (Double(x) - Double(y)) }
    return (sum / Double(n)).squareRoot()
}

let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

@Suite("decoding sound files with libsndfile, against sox")
struct SoundFileTests {
    @Test("WAV and FLAC (48 kHz mono, 44.1 kHz stereo) decode to exactly sox's samples, in chunks of any size",
          arguments: [("wav", 48000, 1), ("flac", 48000, 1), ("wav", 44100, 2), ("flac", 44100, 2)])
    func lossless(ext: String, rate: Int, channels: Int) throws {
        let dir = try TemporaryDirectory("mihrab-audio")
        defer { dir.remove() }
        let path = dir.file("sine.\(ext)")
        try Sox.sine(to: path, rate: rate, channels: channels, seconds: 1.5)
        let reference = try Sox.decode(path)
        let stream = try SoundFile.open(path)
        #expect(stream.info == SoundInfo(path: path, sampleRate: rate, channels: channels, frames: rate * 3 / 2))
        let samples = try decodeAll(stream, chunk: 333)
        #expect(difference(samples, reference) == "")
        #expect(try SoundFile.probe(path) == stream.info)
    }

    @Test("Ogg Vorbis decodes to sox's decode (libvorbis both) within one step of rounding, same length")
    func ogg() throws {
        let dir = try TemporaryDirectory("mihrab-audio")
        defer { dir.remove() }
        let path = dir.file("sine.ogg")
        try Sox.sine(to: path, seconds: 1.5)
        let reference = try Sox.decode(path)
        let samples = try decodeAll(try SoundFile.open(path))
        #expect(samples.count == reference.count && samples.count == 72000)
        let worst = zip(samples, reference).map { abs(Int($0) - Int($1)) }.max() ?? .max
        #expect(worst <= 1)
        #expect(try SoundFile.probe(path).frames == 72000)
    }

    @Test("MP3 with LAME's Info frame: gapless, exactly the source's length, and close to it (lossy)")
    func mp3Tagged() throws {
        let path = fixtures + "/sine440.mp3"
        let stream = try SoundFile.open(path)
        #expect(stream.info.sampleRate == 48000 && stream.info.channels == 1 && stream.info.frames == 48000)
        let samples = try decodeAll(stream)
        #expect(samples.count == 48000)
        // Aligned (the decoder removed the encoder's delay): the error is the codec's, a few
        // percent of the sine's 11585 RMS, not a shift (shifted by one sample it would be ~470).
        let error = rms(samples[...], mp3Source[...])
        #expect(error < 150, "RMS of the difference \(error)")  // about 67
        #expect(try SoundFile.probe(path).frames == 48000)
    }

    @Test("MP3 without the Info frame: the decoder keeps the encoder's delay and padding (1536 frames more, whole MPEG frames)")
    func mp3Untagged() throws {
        let path = fixtures + "/sine440-cbr-untagged.mp3"
        let info = try SoundFile.probe(path)
        #expect(info.frames == 43 * 1152)
        #expect(info.frames - 48000 == 1536)
        // The source is in there, late by the encoder's and decoder's delays (LAME's 576 and
        // the decoder's 529 frames): the shift that fits best over 0.1 s.
        let samples = try decodeAll(try SoundFile.open(path)).map(Double.init)
        let source = mp3Source.prefix(4800).map(Double.init)
        var best = (shift: 0, error: Double.infinity)
        for shift in 0...1600 {
            var sum = 0.0
            for i in 0..<4800 { sum += (samples[shift + i] - source[i]) * (samples[shift + i] - source[i]) }
            if sum < best.error { best = (shift, sum) }
        }
        #expect(best.shift == 1105)
        let decoded = try decodeAll(try SoundFile.open(path))
        #expect(rms(decoded[1105..<49105], mp3Source[...]) < 800)  // 64 kbps CBR: about 580
    }

    @Test("the self-test tone: 1 s of 880 Hz at 48 kHz mono, ramped at both ends, half of full scale")
    func tone() throws {
        let tone = Tone.selftest()
        #expect(tone.info == SoundInfo(path: "", sampleRate: 48000, channels: 1, frames: 48000))
        let s = try decodeAll(tone, chunk: 960)
        #expect(s.count == 48000 && s.first == 0 && abs(Int(s.last ?? 99)) < 20)
        #expect(s.map { abs(Int($0)) }.max() == 16384)
        // 880 Hz: 1760 sign changes a second.
        let crossings = zip(s.dropFirst(), s).filter { ($0 >= 0) != ($1 >= 0) }.count
        #expect(abs(crossings - 1760) <= 2)
    }
}

@Suite("sound files that cannot be played: one line naming the file and the reason")
struct SoundFileErrorTests {
    /// The error's one line (nil: no error); anything but a SoundError is reported as such.
    func message(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as SoundError {
            return error.description
        } catch {
            return "not a SoundError: \(error)"
        }
    }

    @Test("a missing file")
    func missing() {
        let m = message { _ = try SoundFile.probe("/nonexistent/adhan.mp3") }
        #expect(m == "/nonexistent/adhan.mp3: no such file")
        #expect(message { _ = try SoundFile.open("/nonexistent/adhan.mp3") } == m)
    }

    @Test("a directory")
    func directory() {
        #expect(message { _ = try SoundFile.probe("/tmp") } == "/tmp: is a directory, not a sound file")
    }

    @Test("a text file")
    func text() throws {
        let dir = try TemporaryDirectory("mihrab-audio")
        defer { dir.remove() }
        let path = dir.file("adhan.mp3")
        try Data("not a sound\n".utf8).write(to: URL(fileURLWithPath: path))
        let m = message { _ = try SoundFile.probe(path) }
        #expect(m == "\(path): not a sound file libsndfile can read (Format not recognised.)")
    }

    @Test("an empty file")
    func empty() throws {
        let dir = try TemporaryDirectory("mihrab-audio")
        defer { dir.remove() }
        let path = dir.file("adhan.wav")
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        #expect(message { _ = try SoundFile.probe(path) }?.hasPrefix("\(path): not a sound file libsndfile can read") == true)
    }

    @Test("a truncated FLAC: opens (the header is whole) but probe finds the frames missing")
    func truncatedFLAC() throws {
        let dir = try TemporaryDirectory("mihrab-audio")
        defer { dir.remove() }
        let whole = dir.file("whole.flac"), cut = dir.file("cut.flac")
        try Sox.sine(to: whole, seconds: 1.5)
        let data = try Data(contentsOf: URL(fileURLWithPath: whole))
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: cut))
        #expect(try SoundFile.open(cut).info.frames == 72000)
        let m = message { _ = try SoundFile.probe(cut) }
        #expect(m?.hasPrefix("\(cut): truncated: the header says 1.50 s of sound, the file holds 0.") == true, "\(m ?? "no error")")
        #expect(m?.contains("\n") == false)
    }

    @Test("an unreadable file gives permission denied (unless running as root, which reads anything)")
    func unreadable() throws {
        let dir = try TemporaryDirectory("mihrab-audio")
        defer { dir.remove() }
        let path = dir.file("locked.wav")
        try Sox.sine(to: path, seconds: 0.1)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: path)
        let m = message { _ = try SoundFile.probe(path) }
        if geteuid() != 0 { #expect(m == "\(path): permission denied") } else { #expect(m == nil) }
    }
}
