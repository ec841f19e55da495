import HAL

/// `[tv]` in a board file: which CEC adapter the hall's TV is on (`[display] power` in the
/// site config says whether and how it is steered). Without the section a real board takes
/// the only CEC adapter there is, and the simulated board its emulated TV that answers.
extension BoardConfig {
    public enum TV: Sendable, Equatable {
        /// `cec = "/dev/cec1"`.
        case device(String)
        /// `connector = "HDMI-A-2"`: the adapter of that DRM connector.
        case connector(String)
        /// No section on a real board: the only adapter there is.
        case only
        /// `emulated = "answers"` (or "silent", "absent"): the simulated board's TV.
        case emulated(EmulatedTVBehaviour)
    }

    static func tvSection(_ root: TableReader, simulated: Bool) throws(ConfigError) -> TV {
        guard let t = try root.subtable("tv") else { return simulated ? .emulated(.answers) : .only }
        let device = try t.string("cec"), connector = try t.string("connector")
        let emulated = try t.choice("emulated", EmulatedTVBehaviour.self)
        try t.finish()
        switch (device, connector, emulated) {
        case (let d?, nil, nil):
            guard d.hasPrefix("/dev/"), d.utf8.count <= 64 else { throw t.error("cec", "\(quoted(d)) is not a device path such as \"/dev/cec1\"") }
            return .device(d)
        case (nil, let c?, nil):
            guard (1...32).contains(c.utf8.count), c.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != 0x2F }) else {
                throw t.error("connector", "\(quoted(c)) is not a DRM connector's name such as \"HDMI-A-1\"")
            }
            return .connector(c)
        case (nil, nil, let e?):
            guard simulated else { throw t.error("emulated", "is for the simulated board (i2c.bus = \"simulated\"); a real board names cec or connector") }
            return .emulated(e)
        case (nil, nil, nil):
            return simulated ? .emulated(.answers) : .only
        default:
            throw t.error(device != nil ? "cec" : "connector", "give one of cec, connector and emulated, not several")
        }
    }
}
