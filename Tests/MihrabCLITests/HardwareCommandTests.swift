import Foundation
import Testing
import TestSupport

@Suite("mihrab sensors and gps")
struct RealTimeHardwareCommandTests {
    @Test("sensors on the simulated board: both chips found, readings in their own axes")
    func sensorsSimulated() throws {
        let r = try MihrabBinary.run(["sensors", "--board", "board/simulated.toml", "--once", "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let chips = try #require(doc["chips"] as? [[String: Any]])
        #expect(chips.map { $0["chip"] as? String } == ["qmc5883l", "mpu6050"])
        let accel = try #require(chips[1]["reading"] as? [Double])
        // The MPU-6050 is mounted upside down on this board: level, it reads +g on its own z.
        #expect(abs(accel[2] - 9.81) < 0.1)
        let mag = try #require(chips[0]["reading"] as? [Double])
        let strength = (mag[0] * mag[0] + mag[1] * mag[1] + mag[2] * mag[2]).squareRoot()
        #expect(strength > 45 && strength < 52)  // London's field, about 49 uT
        // The board's OLED answers at 0x3C (a one-byte read).
        let displays = try #require(doc["displays"] as? [[String: Any]])
        #expect(displays.count == 1 && displays[0]["address"] as? String == "0x3c" && displays[0]["chip"] as? String == "ssd1306"
                && displays[0]["answers"] as? Bool == true && displays[0]["size"] as? String == "128x64", "\(displays)")
    }

    @Test("sensors on a real bus that is not there: one line, exit 69")
    func sensorsNoBus() throws {
        let r = try MihrabBinary.run(["sensors", "--bus", "97", "--once"])
        #expect(r.status == 69)
        #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains("/dev/i2c-97"))
    }

    @Test("gps --once against a real gpsd (gpsfake): the first fix as JSON")
    func gpsOnce() throws {
        let fake = try GPSFake(log: gnssTripLog, cycleSeconds: 0.1)
        defer { fake.stop() }
        try fake.waitUntilListening()
        let r = try MihrabBinary.run(["gps", "--host", "127.0.0.1", "--port", String(fake.port), "--once",
                                      "--timeout", "20", "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let line = try #require(r.stdout.split(separator: "\n").last { $0.contains("\"fix\"") })
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let fix = try #require(doc["fix"] as? [String: Any])
        #expect(abs((fix["latitude"] as? Double ?? 0) - 21.4225) < 1e-6)
        // The log's cycles are GGA, GSA, RMC: gpsd may report the first cycle's fix from its GGA,
        // before the GSA that says 3D has come (it learns where a cycle ends over the first ones).
        #expect(["2d", "3d"].contains(fix["mode"] as? String ?? ""), "\(line)")
    }

    @Test("gps with no gpsd: says so, exits 69 after the timeout")
    func gpsNone() throws {
        let r = try MihrabBinary.run(["gps", "--host", "127.0.0.1", "--port", "9", "--once", "--timeout", "1"])
        #expect(r.status == 69)
        #expect(r.stderr.hasPrefix("mihrab: gps: no fix within 1 s"))
    }

    @Test("gps on the simulated board: scripted fixes, no hardware")
    func gpsSimulated() throws {
        let r = try MihrabBinary.run(["gps", "--board", "board/simulated.toml", "--once"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("fix 3D 51.507400, -0.127800"))
    }
}


@Suite("mihrab selftest")
struct SelftestTests {
    @Test("the simulated board passes: both chips read, every output on and off, read back")
    func simulated() throws {
        let r = try MihrabBinary.run(["selftest", "--board", "board/simulated.toml", "--hold", "0", "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let checks = try #require(doc["checks"] as? [[String: Any]])
        #expect(doc["passed"] as? Bool == true)
        #expect(checks.count == 12)  // two chips, ten outputs
        #expect(checks.map { $0["check"] as? String ?? "" }.suffix(10) == ["output status", "output fajr", "output dhuhr",
                 "output asr", "output maghrib", "output isha", "output qibla_left", "output qibla_aligned",
                 "output qibla_right", "output buzzer"])
    }

    @Test("a real board with nothing attached: each missing part listed, exit 1")
    func nothingAttached() throws {
        let r = try MihrabBinary.run(["selftest", "--board", "board/raspberry-pi-5.toml", "--hold", "0", "--gpsd", "127.0.0.1:9"])
        #expect(r.status == 1)
        #expect(r.stdout.contains("FAIL I2C bus: I2C bus /dev/i2c-1"))
        #expect(r.stdout.contains("FAIL output buzzer: open GPIO chip with label 'pinctrl-rp1'"))
        #expect(r.stdout.contains("gps: no gpsd"))
        #expect(r.stderr.hasPrefix("mihrab: selftest failed: I2C bus, output status"))
    }
}

@Suite("mihrab calibrate")
struct CalibrateTests {
    @Test("on the simulated board (iron added, tumbling): accepted, the hard iron recovered, stored in its own file")
    func simulated() throws {
        let dir = NSTemporaryDirectory() + "mihrab-cal-\(UUID().uuidString)"
        let r = try MihrabBinary.run(["calibrate", "--state-dir", dir, "--lat", "51.5", "--lon", "-0.13"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("Accepted: hard iron"))
        let data = try #require(FileManager.default.contents(atPath: dir + "/calibration.json"))
        let doc = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let hard = try #require(doc["hardIron"] as? [String: Double])
        // The simulated world's hard iron: 12, -7, 9 uT (in the device frame).
        #expect(abs((hard["x"] ?? 0) - 12) < 0.5 && abs((hard["y"] ?? 0) + 7) < 0.5 && abs((hard["z"] ?? 0) - 9) < 0.5)
    }
}
