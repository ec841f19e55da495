import HAL

/// The kernel's CEC adapter (`/dev/cecN`, linux/cec.h). Placeholder: the shim in hal/cec and
/// this class are being written; until then every adapter is unavailable.
public final class LinuxCECAdapter: CECAdapter, @unchecked Sendable {
    public let name: String

    private init(name: String) { self.name = name }

    /// Opens the adapter at `path` ("/dev/cec1").
    public static func open(path: String) throws(CECError) -> LinuxCECAdapter {
        throw CECError(adapter: path, kind: .unavailable, reason: "CEC is not built in yet")
    }

    /// Finds the adapter of the DRM connector `connector` ("HDMI-A-1"); nil: the only adapter there is.
    public static func find(connector: String?) throws(CECError) -> LinuxCECAdapter {
        throw CECError(adapter: connector ?? "/dev/cec*", kind: .unavailable, reason: "CEC is not built in yet")
    }

    public func claimPlayback(osdName: String) throws(CECError) -> (logical: UInt8, physical: UInt16) {
        throw CECError(adapter: name, kind: .unavailable, reason: "CEC is not built in yet")
    }

    public func transmit(_ message: CECMessage, reply: UInt8?, timeout: Double) throws(CECError) -> CECMessage? {
        throw CECError(adapter: name, kind: .unavailable, reason: "CEC is not built in yet")
    }
}
