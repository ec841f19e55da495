import Foundation

/// sox (Debian's package `sox`, in TEST_PKGS) as the tests' independent encoder and decoder:
/// it makes fixtures from a sine at test time, and decodes them to reference samples.
public enum Sox {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Runs sox with these arguments; its standard output.
    @discardableResult
    public static func run(_ arguments: [String]) throws -> Data {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/sox")
        guard FileManager.default.isExecutableFile(atPath: p.executableURL?.path ?? "") else {
            throw Failure(description: "sox is not installed (apt install sox; make test-deps does it)")
        }
        p.arguments = arguments
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let (data, errData) = drainBoth(out, err)
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw Failure(description: "sox \(arguments.joined(separator: " ")): \(String(decoding: errData, as: UTF8.self))")
        }
        return data
    }

    /// A sine made by sox: `seconds` of `frequency` Hz at half of full scale, 16-bit.
    public static func sine(to path: String, rate: Int = 48000, channels: Int = 1, seconds: Double = 1.5,
                            frequency: Double = 440) throws {
        try run(["-n", "-r", String(rate), "-c", String(channels), "-b", "16", path,
                 "synth", String(seconds), "sine", String(frequency), "vol", "0.5"])
    }

    /// The file decoded by sox to 16-bit signed interleaved samples (no dither).
    public static func decode(_ path: String) throws -> [Int16] {
        samples(try run([path, "-D", "-t", "raw", "-e", "signed", "-b", "16", "-L", "-"]))
    }

    /// Little-endian 16-bit samples from raw bytes (a trailing odd byte is ignored).
    public static func samples(_ data: Data) -> [Int16] {
        var out = [Int16](repeating: 0, count: data.count / 2)
        data.withUnsafeBytes { raw in
            for i in out.indices {
                out[i] = Int16(bitPattern: UInt16(raw[2 * i]) | UInt16(raw[2 * i + 1]) << 8)
            }
        }
        return out
    }
}

/// A fresh temporary directory, removed by `remove()`.
public struct TemporaryDirectory {
    public let path: String
    public init(_ prefix: String) throws {
        path = NSTemporaryDirectory() + "\(prefix)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    public func file(_ name: String) -> String { path + "/" + name }
    public func remove() { try? FileManager.default.removeItem(atPath: path) }
}
