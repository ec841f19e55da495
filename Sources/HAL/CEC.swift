/// HDMI-CEC (CEC 1.4, HDMI 1.4b supplement 1): a message on the bus. `initiator` and
/// `destination` are logical addresses (0 the TV, 4 the first playback device, 15 broadcast);
/// a message without an opcode is a poll.
public struct CECMessage: Sendable, Equatable, CustomStringConvertible {
    public var initiator: UInt8
    public var destination: UInt8
    public var opcode: UInt8?
    public var operands: [UInt8]

    public init(initiator: UInt8, destination: UInt8, opcode: UInt8? = nil, operands: [UInt8] = []) {
        (self.initiator, self.destination, self.opcode, self.operands) = (initiator, destination, opcode, operands)
    }

    /// As `cec-ctl` prints a message's bytes: "4f:82:10:00".
    public var description: String {
        ([initiator << 4 | destination] + (opcode.map { [$0] } ?? []) + operands)
            .map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined(separator: ":")
    }
}

/// The logical addresses this unit uses (CEC 1.4 table 5).
public enum CECAddress {
    public static let tv: UInt8 = 0
    public static let broadcast: UInt8 = 15
    public static let unregistered: UInt8 = 15
}

/// One CEC adapter: the kernel's `/dev/cecN` (LinuxHAL), or the simulated board's TV on an
/// emulated bus (Simulation). The driver (`Drivers`' `CECTelevision`) speaks the messages;
/// the adapter moves them.
public protocol CECAdapter: AnyObject, Sendable {
    /// For messages: "/dev/cec1 (HDMI-A-2)", "simulated-tv".
    var name: String { get }
    /// Claims a logical address as a playback device named `osdName` (at most 14 ASCII
    /// characters); returns the logical address claimed and the adapter's physical address
    /// (0xFFFF: none yet, the cable is out or the TV has not given one).
    func claimPlayback(osdName: String) throws(CECError) -> (logical: UInt8, physical: UInt16)
    /// Sends `message`. With `reply`, waits at most `timeout` seconds for the destination's
    /// message with that opcode and returns it (nil: no reply in time, or a Feature Abort);
    /// without, returns nil once it was acknowledged. A message that was not acknowledged
    /// (no device at that address) throws `.notAcknowledged`.
    func transmit(_ message: CECMessage, reply: UInt8?, timeout: Double) throws(CECError) -> CECMessage?
}

public struct CECError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// The adapter is not there or cannot be opened (with the system's reason).
        case unavailable
        /// No device acknowledged the message (the TV is off the bus, or the cable is out).
        case notAcknowledged
        /// The adapter failed the request (with the system's reason).
        case failed
    }
    public let adapter: String
    public let kind: Kind
    public let reason: String
    public init(adapter: String, kind: Kind, reason: String) {
        (self.adapter, self.kind, self.reason) = (adapter, kind, reason)
    }
    public var description: String { "CEC \(adapter): \(reason)" }
}

/// How the simulated board's TV behaves on its CEC bus (`[tv] emulated`).
public enum EmulatedTVBehaviour: String, Sendable, CaseIterable {
    /// As a TV should.
    case answers
    /// It acknowledges every message and acts on none, and answers no question (libcec #255's TVs).
    case silent
    /// Not on the bus: nothing is acknowledged (unplugged, or its CEC is off in its menu).
    case absent
}
