import Foundation
import HAL
import Testing
@testable import LinuxHAL

@Suite("ALSADevice through alsa-lib (its file and null PCMs; no sound card needed)")
struct ALSADeviceTests {
    @Test("a PCM name that does not exist: the reason in alsa-lib's words, nothing printed, not open")
    func missing() {
        let d = ALSADevice(name: "mihrab_no_such_pcm")
        #expect(throws: SoundError("mihrab_no_such_pcm", "No such file or directory (Unknown PCM mihrab_no_such_pcm)")) {
            try d.open(sampleRate: 48000, channels: 2)
        }
        #expect(!d.isOpen)
        #expect(throws: SoundError("hw:7,0", "No such file or directory (Cannot get card index for 7)")) {
            try ALSADevice(name: "hw:7,0").open(sampleRate: 44100, channels: 2)
        }
    }

    @Test("the file PCM receives exactly the frames written, across drop, drain and a reopen")
    func fileDevice() throws {
        let path = NSTemporaryDirectory() + "mihrab-alsa-\(UUID().uuidString).raw"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let d = ALSADevice(name: "file:FILE=\(path),FORMAT=raw")
        try d.open(sampleRate: 48000, channels: 2)
        #expect(d.isOpen && !d.plugged)
        let samples = (0..<1920).map { Int16(truncatingIfNeeded: $0 * 7) }
        try samples.withUnsafeBufferPointer { try d.write($0, frames: 960) }
        d.drain()
        try samples.withUnsafeBufferPointer { try d.write($0, frames: 960) }
        d.drain()
        d.drop()
        #expect(d.isOpen)
        d.close()
        #expect(!d.isOpen)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(data.count == 2 * 1920 * 2)
        d.close()  // twice: nothing happens
    }

    @Test("writing to a closed device, or at a format it cannot take, is refused with the device's name")
    func refused() {
        let d = ALSADevice(name: "null")
        #expect(throws: SoundError("null", "not open")) {
            try [Int16](repeating: 0, count: 4).withUnsafeBufferPointer { try d.write($0, frames: 2) }
        }
        #expect(throws: SoundError("null", "cannot play 0 Hz, 2 channels")) { try d.open(sampleRate: 0, channels: 2) }
    }
}
