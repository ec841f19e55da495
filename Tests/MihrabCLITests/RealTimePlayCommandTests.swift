import Foundation
import Testing
import TestSupport

/// `mihrab play` through real alsa-lib: the `file` PCM (alsa.conf's pcm.file: FILE and
/// FORMAT, its slave the null device) writes what the player hands ALSA to a raw file.
@Suite("mihrab play through ALSA's file plugin")
struct RealTimePlayCommandTests {
    func device(_ out: String) -> String { "file:FILE=\(out),FORMAT=raw" }

    /// The raw file's samples, and whether anything after the first `count` is zero (the
    /// file plugin may pad to its period; nothing else may follow).
    func written(_ out: String, count: Int) throws -> (samples: [Int16], onlyZerosAfter: Bool) {
        let samples = Sox.samples(try Data(contentsOf: URL(fileURLWithPath: out)))
        return (samples, samples.dropFirst(count).allSatisfy { $0 == 0 })
    }

    @Test("WAV and FLAC made by sox reach the device sample for sample (volume 100, no fade)",
          arguments: [("wav", 48000, 1), ("flac", 48000, 1), ("flac", 44100, 2)])
    func exact(ext: String, rate: Int, channels: Int) throws {
        let dir = try TemporaryDirectory("mihrab-play")
        defer { dir.remove() }
        let source = dir.file("sine.\(ext)"), out = dir.file("out.raw")
        try Sox.sine(to: source, rate: rate, channels: channels, seconds: 1.5)
        let reference = try Sox.decode(source)
        #expect(reference.count == rate * channels * 3 / 2)
        let r = try MihrabBinary.run(["play", source, "--device", device(out)], timeout: 60)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty)
        let (samples, zerosAfter) = try written(out, count: reference.count)
        #expect(samples.count == reference.count, "\(samples.count) samples written for \(reference.count)")
        #expect(zerosAfter)
        let mismatch = (0..<min(samples.count, reference.count)).first { samples[$0] != reference[$0] }
        #expect(mismatch == nil, "first difference at sample \(mismatch ?? -1)")
    }

    @Test("--fade-in 0.5 --volume 50: a linear ramp over the first 0.5 s, then exactly the samples times 0.25 (rounding +-1)")
    func fadeAndVolume() throws {
        let dir = try TemporaryDirectory("mihrab-play")
        defer { dir.remove() }
        let source = dir.file("sine.wav"), out = dir.file("out.raw")
        try Sox.sine(to: source, rate: 48000, channels: 1, seconds: 1.5)
        let reference = try Sox.decode(source)
        let r = try MihrabBinary.run(["play", source, "--device", device(out), "--fade-in", "0.5", "--volume", "50"], timeout: 60)
        #expect(r.status == 0, "\(r.stderr)")
        let (samples, zerosAfter) = try written(out, count: reference.count)
        #expect(samples.count == reference.count && zerosAfter)
        let n = min(samples.count, reference.count)
        let ramp = (0..<min(n, 24000)).filter { (i: Int) -> Bool in
            let expected: Double = Double(reference[i]) * 0.25 * Double(i) / 24000
            return abs(Double(samples[i]) - expected) > 1
        }
        #expect(ramp.isEmpty, "\(ramp.count) samples off the ramp, first at \(ramp.first ?? -1)")
        let after = (24000..<n).filter { (i: Int) -> Bool in abs(Double(samples[i]) - Double(reference[i]) * 0.25) > 1 }
        #expect(n == 72000 && after.isEmpty, "\(after.count) samples off after the ramp")
        // The ramp really rises: the first 10 ms are near silence, its last 10 ms near a quarter.
        #expect(samples[0..<480].map { abs(Int($0)) }.max() ?? 99 <= 170)
        #expect((samples[23520..<24000].map { abs(Int($0)) }.max() ?? 0) > 3900)
    }

    @Test("a device that does not exist: exit 69, one line naming it")
    func noSuchDevice() throws {
        let dir = try TemporaryDirectory("mihrab-play")
        defer { dir.remove() }
        let source = dir.file("sine.wav")
        try Sox.sine(to: source, seconds: 0.2)
        let r = try MihrabBinary.run(["play", source, "--device", "mihrab_no_such_pcm"], timeout: 60)
        #expect(r.status == 69)
        #expect(r.stderr == "mihrab: sound device mihrab_no_such_pcm unavailable: No such file or directory (Unknown PCM mihrab_no_such_pcm)\n")
        #expect(r.stdout.isEmpty)
    }

    @Test("a file that is not there, or not sound: exit 1, one line naming it")
    func badFile() throws {
        let r = try MihrabBinary.run(["play", "/nonexistent/adhan.mp3", "--device", "null"])
        #expect(r.status == 1)
        #expect(r.stderr == "mihrab: /nonexistent/adhan.mp3: no such file\n")
        let text = try MihrabBinary.run(["play", "Package.swift", "--device", "null"])
        #expect(text.status == 1)
        #expect(text.stderr.hasPrefix("mihrab: ") && text.stderr.contains("/Package.swift: not a sound file libsndfile can read (")
                && text.stderr.split(separator: "\n").count == 1)
    }

    @Test("out-of-range options are refused before anything plays")
    func badOptions() throws {
        let r = try MihrabBinary.run(["play", "x.wav", "--volume", "101"])
        #expect(r.status == 64 && r.stderr.contains("--volume must be 0 to 100 (got 101)"))
        let f = try MihrabBinary.run(["play", "x.wav", "--fade-in", "-1"])
        #expect(f.status == 64 && f.stderr.contains("--fade-in must be 0 to 60 seconds"))
    }

    @Test("selftest --sound-device: the tone played through the device, 1 s at 48 kHz mono")
    func selftestTone() throws {
        let dir = try TemporaryDirectory("mihrab-play")
        defer { dir.remove() }
        let out = dir.file("tone.raw")
        let r = try MihrabBinary.run(["selftest", "--board", "board/simulated.toml", "--hold", "0", "--format", "json",
                                      "--sound-device", device(out)], timeout: 60)
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let checks = try #require(doc["checks"] as? [[String: Any]])
        #expect(checks.last?["check"] as? String == "sound \(device(out))")
        #expect(checks.last?["ok"] as? Bool == true)
        let (samples, zerosAfter) = try written(out, count: 48000)
        #expect(samples.count >= 48000 && zerosAfter)
        #expect(samples.map { abs(Int($0)) }.max() == 16384)
    }

    @Test("selftest on a real board: the sound check fails clearly when the device is missing")
    func selftestNoDevice() throws {
        let r = try MihrabBinary.run(["selftest", "--board", "board/raspberry-pi-5.toml", "--hold", "0", "--gpsd", "127.0.0.1:9",
                                      "--sound-device", "mihrab_no_such_pcm"], timeout: 60)
        #expect(r.status == 1)
        #expect(r.stdout.contains("FAIL sound mihrab_no_such_pcm: sound device mihrab_no_such_pcm unavailable: No such file or directory (Unknown PCM mihrab_no_such_pcm)"))
        #expect(r.stderr.hasSuffix(", sound mihrab_no_such_pcm\n"))
    }
}
