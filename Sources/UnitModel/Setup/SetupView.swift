/// What the unit's own screens show while it is in setup mode (an admin page on, no admin
/// password yet): where to open the setup page and the one-time code. Shown only on the
/// unit's screens (the wall screen, the small displays): reading it is the proof of being in
/// the room. Nil outside setup mode.
public struct SetupView: Codable, Sendable, Equatable {
    /// The address the QR code carries, with the code in it: "https://masjid.local:8443/setup?code=K7M2QX".
    public var url: String
    /// The one-time code (`SetupCode.alphabet`, `SetupCode.length` characters).
    public var code: String
    /// The same page at the unit's addresses ("https://192.168.1.23:8443/setup"), for a phone
    /// whose network does not resolve `.local` names; at most three.
    public var addresses: [String]
    /// Counts the codes made since the start (a new one after too many wrong tries).
    public var generation: Int
    /// `url` as a QR code: one string a row, "1" a dark module ("" rows: none could be made).
    public var qr: [String]

    /// The page's address without the code: what a person types ("https://masjid.local:8443/setup").
    public var page: String

    public init(url: String, code: String, addresses: [String], generation: Int, qr: [String] = []) {
        (self.url, self.code, self.addresses, self.generation, self.qr) = (url, code, addresses, generation, qr)
        page = url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
    }

    /// "masjid.local:8443": the address without its scheme, path and code, for a small display.
    public var shortAddress: String {
        let parts = url.split(separator: "/", omittingEmptySubsequences: true)
        // "https:", "host:port", "setup?code=…"
        guard parts.count >= 2, parts[0].hasSuffix(":") else { return String(parts.first ?? "") }
        return String(parts[1])
    }
}
