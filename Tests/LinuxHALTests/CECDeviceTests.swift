import Foundation
import HAL
@testable import LinuxHAL
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The kernel's CEC adapter where there is none: every failure is one line naming the device.
@Suite("CEC adapter on a machine without one")
struct CECDeviceTests {
    /// A scratch folder standing in for /dev or /sys/class/drm.
    private func scratch() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mihrab-cec-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test("a missing device node: unavailable, 'no such device', naming the path")
    func missing() {
        #expect {
            _ = try LinuxCECAdapter.open(path: "/dev/cec-mihrab-none")
        } throws: { error in
            guard let e = error as? CECError else { return false }
            return e.kind == .unavailable && e.adapter == "/dev/cec-mihrab-none" && e.reason == "no such device"
                && e.description == "CEC /dev/cec-mihrab-none: no such device"
        }
    }

    @Test("a file that is not a CEC adapter (/dev/null) is refused with CEC_ADAP_G_CAPS's ENOTTY")
    func notAnAdapter() {
        #expect {
            _ = try LinuxCECAdapter.open(path: "/dev/null")
        } throws: { error in
            guard let e = error as? CECError else { return false }
            return e.kind == .unavailable && e.adapter == "/dev/null" && e.reason.hasPrefix("not a CEC adapter")
                && e.reason.contains("errno \(ENOTTY)") && !e.description.contains("\n")
        }
    }

    @Test("no adapter to find: one line naming where it looked")
    func noneToFind() throws {
        let dev = try scratch()
        defer { try? FileManager.default.removeItem(at: dev) }
        #expect {
            _ = try CECDiscovery.find(connector: nil, devices: dev.path, drm: dev.path)
        } throws: { error in
            guard let e = error as? CECError else { return false }
            return e.kind == .unavailable && e.reason == "no CEC adapter in \(dev.path)"
        }
    }

    @Test("nodes that do not open as adapters are listed with their reasons")
    func brokenNodes() throws {
        let dev = try scratch()
        defer { try? FileManager.default.removeItem(at: dev) }
        for name in ["cec1", "cec0", "cecX", "null"] {
            _ = FileManager.default.createFile(atPath: dev.appendingPathComponent(name).path, contents: Data())
        }
        #expect(CECDiscovery.nodes(in: dev.path) == ["\(dev.path)/cec0", "\(dev.path)/cec1"])
        #expect {
            _ = try CECDiscovery.find(connector: nil, devices: dev.path, drm: dev.path)
        } throws: { error in
            guard let e = error as? CECError else { return false }
            return e.reason.hasPrefix("no CEC adapter in \(dev.path) that opens (\(dev.path)/cec0: not a CEC adapter")
                && e.reason.contains("\(dev.path)/cec1: not a CEC adapter") && !e.reason.contains("\n")
        }
    }

    @Test("a connector with no adapter: one line listing the HDMI connectors sysfs has")
    func connectorWithoutAdapter() throws {
        let dev = try scratch(), drm = try scratch()
        defer { try? FileManager.default.removeItem(at: dev); try? FileManager.default.removeItem(at: drm) }
        // As vc4 on a Raspberry Pi 4 lays them out: card1-HDMI-A-1 and card1-HDMI-A-2, and card1 itself.
        for (entry, id) in [("card1-HDMI-A-1", "32"), ("card1-HDMI-A-2", "41"), ("card1-Composite-1", "50")] {
            let d = drm.appendingPathComponent(entry)
            try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
            try "\(id)\n".write(to: d.appendingPathComponent("connector_id"), atomically: true, encoding: .utf8)
        }
        try FileManager.default.createDirectory(at: drm.appendingPathComponent("card1"), withIntermediateDirectories: true)
        #expect(DRMConnectors.ids(named: "HDMI-A-2", root: drm.path).map { [$0.0, $0.1] } == [[1, 41]])
        #expect(DRMConnectors.name(card: 1, id: 32, root: drm.path) == "HDMI-A-1")
        #expect(DRMConnectors.name(card: 0, id: 32, root: drm.path) == nil)
        #expect {
            _ = try CECDiscovery.find(connector: "HDMI-A-2", devices: dev.path, drm: drm.path)
        } throws: { error in
            guard let e = error as? CECError else { return false }
            return e.adapter == "HDMI-A-2"
                && e.reason == "no CEC adapter for connector HDMI-A-2 (adapters: none in \(dev.path); HDMI connectors: HDMI-A-1, HDMI-A-2)"
        }
    }
}
