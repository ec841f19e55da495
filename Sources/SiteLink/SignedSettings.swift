import FoundationEssentials
import Glibc
import Service

/// Site settings signed with the site key: the signature covers the topic, the version and
/// series, the time, and every field of the payload (a unit's `[network] site_key` verifies it).
extension SiteSettings {
    func signingInput(topic: String) -> Data {
        SigningInput.of("mihrab site config v1", [
            topic, "\(series ?? 0)", "\(version)", published, site, file, by, toml, timetable?.name ?? "", timetable?.text ?? "",
        ])
    }

    /// These settings, signed for `topic`.
    public func signed(with key: SigningKey, topic: String) -> SiteSettings {
        var s = self
        s.key = key.publicKey.text
        s.signature = key.sign(s.signingInput(topic: topic))
        return s
    }

    /// Whether they were signed with `key` for `topic`; the one-line refusal if not.
    public func verify(with key: SiteKey?, topic: String) throws(ConfigError) {
        func refuse(_ why: String) -> ConfigError { ConfigError(file: topic, line: nil, path: "signature", message: why) }
        guard let key else {
            throw refuse("this unit has no [network] site_key, so it takes no site config (mihrab site keygen makes one)")
        }
        guard let signature else {
            throw refuse("missing: site configs are taken only signed with the site key (mihrab site publish --key)")
        }
        if let claimed = self.key, claimed != key.text {
            throw refuse("made with another key (\(claimed.prefix(20))…) than this unit's site_key (\(key))")
        }
        guard key.verifies(signature, over: signingInput(topic: topic)) else {
            throw refuse("does not verify with this unit's site_key (\(key)): the config was changed or forged")
        }
    }
}
