/// The one-time setup code: six characters a person reads off the screen and types on a phone,
/// from an alphabet without the look-alikes (no 0/O, 1/I/L): 31^6, about 887 million codes,
/// against at most `SetupGate.Limits.perMinute` guesses a minute for the whole unit.
public enum SetupCode {
    public static let alphabet = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")
    public static let length = 6

    /// A new code from the system's random source.
    public static func make() -> String {
        var g = SystemRandomNumberGenerator()
        return make(using: &g)
    }

    public static func make<G: RandomNumberGenerator>(using g: inout G) -> String {
        String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &g)] })
    }

    /// What a person typed, as the code is compared: upper case, without spaces or dashes
    /// ("k7m 2qx" is "K7M2QX"); nil for anything longer than a code could be typed.
    public static func normalized(_ typed: String) -> String? {
        guard typed.utf8.count <= 40 else { return nil }
        return String(typed.uppercased().filter { $0 != " " && $0 != "-" })
    }

    /// Compared in time independent of where the first difference is.
    static func matches(_ typed: String, _ code: String) -> Bool {
        let a = Array(typed.utf8), b = Array(code.utf8)
        var diff = a.count ^ b.count
        for i in 0..<b.count { diff |= Int((i < a.count ? a[i] : 0) ^ b[i]) }
        return diff == 0
    }
}
