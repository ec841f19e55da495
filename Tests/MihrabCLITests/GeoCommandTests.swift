import Foundation
import TestSupport
import Testing

@Suite("mihrab qibla, declination, heading")
struct GeoCommandTests {
    func json(_ args: [String]) throws -> [String: Any] {
        let r = try MihrabBinary.run(args + ["--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    }

    @Test("qibla from New York: 58.48 degrees on the great circle")
    func qibla() throws {
        let q = try json(["qibla", "--lat", "40.7128", "--lon", "-74.0060"])
        #expect(abs((q["bearing"] as? Double ?? 0) - 58.4817) < 0.001)
        #expect(q["model"] as? String == "great-circle")
        let e = try json(["qibla", "--lat", "40.7128", "--lon", "-74.0060", "--ellipsoidal"])
        #expect(abs((e["bearing"] as? Double ?? 0) - 58.3960) < 0.001)  // geographiclib: 58.396026
        let kaaba = try json(["qibla", "--lat", "21.4225241", "--lon", "39.8261818"])
        #expect(kaaba["bearing"] is NSNull)
        #expect((kaaba["undefined"] as? String)?.contains("Kaaba") == true)
    }

    @Test("declination at London, 2026-01-01 (WMM2025) and the validity flag")
    func declination() throws {
        let d = try json(["declination", "--lat", "51.5", "--lon", "-0.13", "--date", "2026-01-01"])
        let keys = ["declination", "inclination", "horizontal", "total", "north", "east", "down", "gridVariation", "valid"]
        for k in keys { #expect(d[k] != nil, "\(k)") }
        #expect(abs((d["declination"] as? Double ?? 0) - 1.08) < 0.2)
        #expect(d["valid"] as? Bool == true)
        let late = try json(["declination", "--lat", "51.5", "--lon", "-0.13", "--year", "2031"])
        #expect(late["valid"] as? Bool == false)
    }

    @Test("heading: a level sample, then the same sample through the simulated board's mounting")
    func heading() throws {
        let flat = try json(["heading", "--accel", "0,0,-9.81", "--mag", "20,-1,45", "--lat", "51.5", "--lon", "-0.13",
                             "--date", "2026-01-01"])
        let expected = atan2(1.0, 20.0) * 180 / Double.pi  // 2.86: the field 1 uT to the left of ahead
        #expect(abs((flat["magneticHeading"] as? Double ?? 0) - expected) < 0.01)
        #expect(flat["qiblaOffset"] is Double && flat["trueHeading"] is Double)
        let mounted = try json(["heading", "--accel", "0,0,9.81", "--mag", "20,1,-45", "--board", "board/simulated.toml",
                                "--lat", "51.5", "--lon", "-0.13", "--date", "2026-01-01"])
        #expect(mounted["magneticHeading"] as? Double == flat["magneticHeading"] as? Double)
        let noPlace = try json(["heading", "--accel", "0,0,-9.81", "--mag", "20,-1,45"])
        #expect(noPlace["trueHeading"] is NSNull && noPlace["qiblaOffset"] is NSNull)
    }

    @Test("bad input: one line, non-zero exit", arguments: [
        ["qibla", "--lat", "95", "--lon", "0"],
        ["declination", "--lat", "0", "--lon", "0", "--date", "2026-13-01"],
        ["declination", "--lat", "0", "--lon", "0", "--alt-km", "9999"],
        ["heading", "--accel", "0,0", "--mag", "1,2,3"],
        ["heading", "--accel", "0,0,-9.8", "--mag", "1,2,x"],
        ["heading", "--accel", "0,0,-9.8", "--mag", "0,0,40"],
        ["heading", "--accel", "0,0,-9.8", "--mag", "20,0,40", "--lat", "10"],
        ["heading", "--accel", "0,0,-9.8", "--mag", "20,0,40", "--board", "/nonexistent.toml"],
    ])
    func badInput(args: [String]) throws {
        let r = try MihrabBinary.run(args)
        #expect(r.status != 0)
        #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.hasPrefix("mihrab: "), "\(r.stderr)")
    }
}

@Suite("board files")
struct BoardFileTests {
    func write(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "mihrab-board-\(UUID().uuidString).toml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("a mounting that is not a rotation: the file and key named, exit 78")
    func badMounting() throws {
        let path = try write("""
            name = "bad"
            [i2c]
            bus = 1
            [[compass.chips]]
            chip = "qmc5883l"
            role = "magnetometer"
            mounting = [[1, 0, 0], [0, 1, 0], [0, 0, -1]]
            """)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try MihrabBinary.run(["heading", "--accel", "0,0,-9.8", "--mag", "20,0,40", "--board", path])
        #expect(r.status == 78)
        #expect(r.stderr == "mihrab: \(path):7: compass.chips[0].mounting: is not a rotation (rows orthonormal, determinant +1)\n")
    }

    @Test("a TOML syntax error: the line named, exit 78")
    func syntax() throws {
        let path = try write("name = \"x\"\n[compass\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try MihrabBinary.run(["run", "--board", path])
        #expect(r.status == 78)
        #expect(r.stderr.hasPrefix("mihrab: \(path):2:"), "\(r.stderr)")
    }

    @Test("an unknown pointing axis lists the allowed ones")
    func axis() throws {
        let path = try write("name = \"x\"\n[i2c]\nbus = 1\n[compass]\npointing_axis = \"up\"\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try MihrabBinary.run(["heading", "--accel", "0,0,-9.8", "--mag", "20,0,40", "--board", path])
        #expect(r.status == 78 && r.stderr.contains(":5: compass.pointing_axis: must be one of x, -x, y, -y, z, -z"), "\(r.stderr)")
    }
}
