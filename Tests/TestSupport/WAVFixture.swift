import Foundation

/// WAV files written byte by byte, so that a test can make one whose header says more
/// than it holds (sox never writes such a file).
public enum WAVFixture {
    /// A 16-bit mono PCM WAV: RIFF header, `fmt `, the chunks `before`, then `data` declaring
    /// `declared` frames (or `dataSize` bytes) and holding `held` frames of a 440 Hz sine.
    public static func data(rate: Int = 48000, declared: Int, held: Int, before: [(String, [UInt8])] = [],
                            dataSize: UInt32? = nil) -> Data {
        func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func chunk(_ id: String, _ body: [UInt8]) -> [UInt8] {
            Array(id.utf8) + le32(UInt32(body.count)) + body + (body.count % 2 == 1 ? [0] : [])
        }
        let fmt = le16(1) + le16(1) + le32(UInt32(rate)) + le32(UInt32(rate * 2)) + le16(2) + le16(16)
        var samples: [UInt8] = []
        samples.reserveCapacity(2 * held)
        for i in 0..<held {
            samples += le16(UInt16(bitPattern: Int16(8000 * sin(2 * Double.pi * 440 * Double(i) / Double(rate)))))
        }
        var body = Array("WAVE".utf8) + chunk("fmt ", fmt)
        for (id, bytes) in before { body += chunk(id, bytes) }
        body += Array("data".utf8) + le32(dataSize ?? UInt32(2 * declared)) + samples
        return Data(Array("RIFF".utf8) + le32(UInt32(body.count)) + body)
    }
}
