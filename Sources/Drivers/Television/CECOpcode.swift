/// The CEC messages a playback device uses to steer a TV (HDMI 1.4b supplement 1, CEC 1.4,
/// table 8 onwards; the same values as linux/cec-funcs.h's CEC_MSG_*). Shared by the driver
/// (`CECTelevision`) and the simulated TV (`EmulatedTelevision`).
public enum CECOpcode {
    public static let featureAbort: UInt8 = 0x00
    /// <Image View On>: the TV leaves standby and shows the source.
    public static let imageViewOn: UInt8 = 0x04
    /// <Text View On>: as Image View On, and removes menus.
    public static let textViewOn: UInt8 = 0x0D
    /// <Standby>: to the TV (or broadcast: every device).
    public static let standby: UInt8 = 0x36
    /// <Give OSD Name> / <Set OSD Name>.
    public static let giveOSDName: UInt8 = 0x46
    public static let setOSDName: UInt8 = 0x47
    /// <Active Source> [physical address]: broadcast; the TV switches to that input.
    public static let activeSource: UInt8 = 0x82
    /// <Give Physical Address> / <Report Physical Address>.
    public static let givePhysicalAddress: UInt8 = 0x83
    public static let reportPhysicalAddress: UInt8 = 0x84
    /// <Request Active Source>: broadcast by a TV that comes on.
    public static let requestActiveSource: UInt8 = 0x85
    /// <Give Device Power Status> / <Report Power Status> [power status].
    public static let giveDevicePowerStatus: UInt8 = 0x8F
    public static let reportPowerStatus: UInt8 = 0x90
    /// <Inactive Source> [physical address]: this source no longer shows anything.
    public static let inactiveSource: UInt8 = 0x9D

    /// [Power Status] (CEC 1.4 table 29).
    public enum PowerStatus: UInt8, Sendable {
        case on = 0x00
        case standby = 0x01
        case standbyToOn = 0x02
        case onToStandby = 0x03
    }
}
