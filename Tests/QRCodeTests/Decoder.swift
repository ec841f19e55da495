import Foundation
import QRCode
import TestSupport

/// A code as a phone would see it: its SVG drawn by librsvg (rsvg-convert) to a PNG, the PNG read
/// by zbar (zbarimg). Both Debian's; `make test` installs them, and a test fails (never skips)
/// when one is missing.
enum Decoder {
    struct Failure: Error, CustomStringConvertible { let description: String }

    static let rsvg = "/usr/bin/rsvg-convert"
    static let zbarimg = "/usr/bin/zbarimg"

    static func tool(_ path: String, package: String) throws -> URL {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Failure(description: "\(path) is not installed: `make test` installs \(package) (apt-get install \(package))")
        }
        return URL(fileURLWithPath: path)
    }

    /// The text zbar reads from `svg` drawn at `pixels` a side; the PNG is kept in screenshots/
    /// as `name`.png for a person to look at.
    static func read(svg: String, pixels: Int, name: String) throws -> String {
        let rsvg = try tool(rsvg, package: "librsvg2-bin")
        let zbar = try tool(zbarimg, package: "zbar-tools")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mihrab-qr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let svgPath = dir.appendingPathComponent("\(name).svg").path
        let pngPath = "\(MihrabBinary.screenshotDirectory)/\(name).png"
        try Data(svg.utf8).write(to: URL(fileURLWithPath: svgPath))
        let drawn = try MihrabBinary.runProgram(rsvg, ["-w", "\(pixels)", "-h", "\(pixels)", "-o", pngPath, svgPath], timeout: 60)
        guard drawn.status == 0 else { throw Failure(description: "rsvg-convert failed (\(drawn.status)): \(drawn.stderr)") }
        let read = try MihrabBinary.runProgram(zbar, ["--raw", "-q", pngPath], timeout: 60)
        guard read.status == 0 else { throw Failure(description: "zbarimg found no code in \(pngPath) (status \(read.status)): \(read.stderr)") }
        // --raw: the text and one newline after it.
        return read.stdout.hasSuffix("\n") ? String(read.stdout.dropLast()) : read.stdout
    }
}
