import FoundationEssentials
import UnitModel

/// A command topic's name (and payload) as the command it asks for, and the name the gate
/// judges it by (`CommandGate.refusal`: the unsigned ones by name).
/// - Each `RemoteCommand` by its own name (`display-on`, `display-off` among them).
/// - `display` with `{"power": "on"}` or `{"power": "off"}`: Home Assistant's switch, which has
///   one command topic for both. The power is not covered by a signature (it signs the topic,
///   the id, the time and the nonce), so `display` is taken unsigned only, judged as
///   "display"; a signed command is display-on or display-off.
enum CommandName {
    struct Refusal: Error, Equatable { let text: String }

    static func resolve(_ name: String, payload: Data, signed: Bool) -> Result<(RemoteCommand, judged: String), Refusal> {
        guard name == "display" else {
            guard let c = RemoteCommand(rawValue: name) else {
                return .failure(Refusal(text: "unknown command (\(RemoteCommand.allCases.map(\.rawValue).joined(separator: ", ")), display)"))
            }
            return .success((c, c.rawValue))
        }
        guard !signed else {
            return .failure(Refusal(text: "refused: a signed command is display-on or display-off (display's power is not signed)"))
        }
        let power = payload.count <= 4096 ? (try? JSONDecoder().decode(PowerBody.self, from: payload))?.power : nil
        switch power {
        case "on": return .success((.displayOn, name))
        case "off": return .success((.displayOff, name))
        default: return .failure(Refusal(text: "display takes {\"power\": \"on\"} or {\"power\": \"off\"}"))
        }
    }

    /// `display`'s payload: {"id", "power"}.
    struct PowerBody: Decodable {
        var power: String?
    }
}
