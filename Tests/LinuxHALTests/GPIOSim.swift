import Foundation
import Testing

/// A gpio-sim chip made through configfs for one test (Documentation/admin-guide/gpio/
/// gpio-sim.rst): one bank of `lines` lines, whose inputs the test drives through each
/// line's `pull` attribute in sysfs. Needs root, configfs mounted and the gpio-sim module
/// loaded (`modprobe gpio-sim`): `available` says whether this machine has all three.
struct GPIOSim {
    static let root = "/sys/kernel/config/gpio-sim"

    static var available: Bool {
        var isDir: ObjCBool = false
        return getuid() == 0 && FileManager.default.fileExists(atPath: root, isDirectory: &isDir) && isDir.boolValue
    }

    static let skipReason: Comment =
        "gpio-sim is not available here (needs root, configfs at /sys/kernel/config and `modprobe gpio-sim`): skipped"

    let device: String
    /// "/dev/gpiochipN".
    let chipPath: String
    /// /sys/devices/platform/gpio-sim.N/gpiochipN
    let sysfs: String

    init(lines: Int) throws {
        device = "\(Self.root)/mihrab-button-\(getpid())"
        try FileManager.default.createDirectory(atPath: "\(device)/bank0", withIntermediateDirectories: true)
        try Self.put("\(lines)", "\(device)/bank0/num_lines")
        try Self.put("1", "\(device)/live")
        let devName = try Self.get("\(device)/dev_name")
        let chipName = try Self.get("\(device)/bank0/chip_name")
        chipPath = "/dev/\(chipName)"
        sysfs = "/sys/devices/platform/\(devName)/\(chipName)"
    }

    /// Pulls an input line up (true) or down: what a button or a resistor would do.
    func pull(_ offset: Int, up: Bool) throws {
        try Self.put(up ? "pull-up" : "pull-down", "\(sysfs)/sim_gpio\(offset)/pull")
    }

    func remove() {
        try? Self.put("0", "\(device)/live")
        try? FileManager.default.removeItem(atPath: "\(device)/bank0")
        try? FileManager.default.removeItem(atPath: device)
    }

    private static func put(_ value: String, _ path: String) throws {
        try value.write(toFile: path, atomically: false, encoding: .utf8)
    }

    private static func get(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

