import LinuxHAL

enum BuildInfo {
    static let version = "0.1.0"

    /// One line per library the binary was built against.
    static var libraries: [String] {
        [
            "libgpiod \(GPIOChip.libraryVersion) (v\(GPIOChip.api) API)",
            "libgps API \(GPSDConnection.apiVersion)",
            "libi2c (i2c-dev, SMBus helpers)",
        ]
    }
}
