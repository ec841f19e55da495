import FoundationEssentials
import Glibc
import UnitModel

extension UnitEvent {
    /// What a unit publishes on `mihrab/v1/unit/<id>/event` for it: its JSON, sorted keys,
    /// the keys it does not have left out (a special event's carries its `name`).
    var payload: Data? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try? encoder.encode(self)
    }
}
