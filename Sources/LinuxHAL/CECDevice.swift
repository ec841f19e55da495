import CCEC
import HAL
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The kernel's CEC adapter (`/dev/cecN`, linux/cec.h) over hal/cec: a blocking fd in
/// initiator mode (another process may be the follower), the kernel waiting for replies itself.
/// Calls are serialized: one at a time on the adapter.
public final class LinuxCECAdapter: CECAdapter, Sendable {
    /// "/dev/cec1 (HDMI-A-2)", or "/dev/cec1 (vivid-000-vid-out0)" without a DRM connector.
    public let name: String
    /// The device node: "/dev/cec1".
    public let path: String
    /// The adapter's driver and name (CEC_ADAP_G_CAPS): "vc4", "vc4-hdmi-1".
    public let driver: String
    public let adapterName: String
    /// Its DRM connector, when the adapter names one (CEC_CAP_CONNECTOR_INFO).
    public let connector: CECConnector?
    private let fd: Mutex<Int32>

    init(path: String, fd: Int32, info: mihrab_cec_info, connectorName: String?) {
        self.path = path
        self.fd = Mutex(fd)
        driver = Self.string(info.driver)
        adapterName = Self.string(info.name)
        connector = info.has_connector != 0
            ? CECConnector(card: info.card_no, id: info.connector_id, name: connectorName) : nil
        name = "\(path) (\(connectorName ?? adapterName))"
    }

    deinit { fd.withLock { _ = mihrab_cec_close($0) } }

    /// Opens the adapter at `path` ("/dev/cec1").
    public static func open(path: String) throws(CECError) -> LinuxCECAdapter {
        var info = mihrab_cec_info()
        let fd = mihrab_cec_open(path, &info)
        if fd < 0 { throw CECError(adapter: path, kind: .unavailable, reason: openReason(-fd)) }
        let name = info.has_connector != 0 ? DRMConnectors.name(card: info.card_no, id: info.connector_id) : nil
        return LinuxCECAdapter(path: path, fd: fd, info: info, connectorName: name)
    }

    /// Finds the adapter of the DRM connector `connector` ("HDMI-A-1"); nil: the only adapter there is.
    public static func find(connector: String?) throws(CECError) -> LinuxCECAdapter {
        try CECDiscovery.find(connector: connector)
    }

    public func claimPlayback(osdName: String) throws(CECError) -> (logical: UInt8, physical: UInt16) {
        var logical: UInt8 = CECAddress.unregistered
        var physical: UInt16 = 0xFFFF
        let osd = String(osdName.unicodeScalars.filter { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F }.prefix(14))
        let r = fd.withLock { fd in mihrab_cec_claim_playback(fd, osd, &logical, &physical) }
        if r < 0 { throw CECError(adapter: name, kind: .failed, reason: "claiming a playback address: \(Self.reason(-r))") }
        return (logical, physical)
    }

    public func transmit(_ message: CECMessage, reply: UInt8?, timeout: Double) throws(CECError) -> CECMessage? {
        let bytes = [message.initiator << 4 | message.destination & 0x0F] + (message.opcode.map { [$0] } ?? []) + message.operands
        guard bytes.count <= 16, message.initiator < 16, message.destination < 16 else {
            throw CECError(adapter: name, kind: .failed, reason: "message \(message) is not a CEC message (at most 16 bytes, addresses 0-15)")
        }
        // The kernel's wait, in whole milliseconds (at least 1: 0 would be its own default of 1 s).
        let wait = reply.map { _ in UInt32(max(1, (min(max(timeout, 0), 60) * 1000).rounded())) } ?? 0
        var out = [UInt8](repeating: 0, count: 16)
        var outLen: UInt32 = 0
        var tx: UInt8 = 0
        var rx: UInt8 = 0
        let r = fd.withLock { fd in
            out.withUnsafeMutableBufferPointer { o in
                mihrab_cec_transmit(fd, bytes, UInt32(bytes.count), reply ?? 0, wait, o.baseAddress, &outLen, &tx, &rx)
            }
        }
        if r < 0 {
            throw CECError(adapter: name, kind: r == -ENONET ? .unavailable : .failed,
                           reason: "sending \(message): \(Self.transmitReason(-r))")
        }
        if UInt32(tx) & MIHRAB_CEC_TX_STATUS_NACK != 0 {
            throw CECError(adapter: name, kind: .notAcknowledged,
                           reason: "sending \(message): not acknowledged (no device at logical address \(message.destination))")
        }
        if UInt32(tx) & MIHRAB_CEC_TX_STATUS_OK == 0 {
            throw CECError(adapter: name, kind: .failed, reason: "sending \(message): \(Self.txStatus(tx))")
        }
        guard reply != nil, outLen >= 1 else { return nil }
        let got = Array(out.prefix(Int(min(outLen, 16))))
        return CECMessage(initiator: got[0] >> 4, destination: got[0] & 0x0F,
                          opcode: got.count > 1 ? got[1] : nil, operands: Array(got.dropFirst(2)))
    }

    // MARK: reasons

    static func string<T>(_ tuple: T) -> String {
        withUnsafeBytes(of: tuple) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    static func reason(_ errno: Int32) -> String { "\(String(cString: strerror(errno))) (errno \(errno))" }

    static func openReason(_ errno: Int32) -> String {
        switch errno {
        case ENOENT, ENODEV, ENXIO: "no such device"
        case ENOTTY: "not a CEC adapter (CEC_ADAP_G_CAPS: \(reason(errno)))"
        case EACCES, EPERM: "permission denied (the daemon's user needs the video group)"
        default: "cannot open: \(reason(errno))"
        }
    }

    static func transmitReason(_ errno: Int32) -> String {
        switch errno {
        case ENONET: "the adapter has no logical address (no physical address yet: the cable is out or the TV gave none)"
        case ENODEV: "the adapter is gone"
        case EBUSY: "another process holds the adapter exclusively"
        default: reason(errno)
        }
    }

    static func txStatus(_ tx: UInt8) -> String {
        let bits: [(UInt32, String)] = [(MIHRAB_CEC_TX_STATUS_ARB_LOST, "arbitration lost"), (MIHRAB_CEC_TX_STATUS_LOW_DRIVE, "low drive"),
                                         (MIHRAB_CEC_TX_STATUS_ERROR, "bus error"), (MIHRAB_CEC_TX_STATUS_MAX_RETRIES, "retries exhausted"),
                                         (MIHRAB_CEC_TX_STATUS_ABORTED, "aborted"), (MIHRAB_CEC_TX_STATUS_TIMEOUT, "timed out")]
        let named = bits.filter { UInt32(tx) & $0.0 != 0 }.map(\.1)
        return named.isEmpty ? "not sent (tx_status 0x\(String(tx, radix: 16)))" : "not sent (\(named.joined(separator: ", ")))"
    }
}

/// The DRM connector a CEC adapter belongs to: card N's connector with that id
/// (/sys/class/drm/cardN-NAME/connector_id), and its name when sysfs gives it.
public struct CECConnector: Sendable, Equatable {
    public let card: UInt32
    public let id: UInt32
    public let name: String?
}
