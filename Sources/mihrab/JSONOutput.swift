import FoundationEssentials
import Glibc

/// One line of JSON for a command's `--format json`: keys sorted, slashes as they are.
func jsonLine<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}

/// `v` rounded to `decimals`, the value `jsonNumber` prints: nil when absent or not finite,
/// and never a negative zero.
func fixed(_ v: Double?, _ decimals: Int) -> Double? {
    guard let v, v.isFinite else { return nil }
    let scale = pow(10, Double(decimals))
    let r = (v * scale).rounded() / scale
    return r == 0 ? 0 : r
}

/// A key whose value may be null: encoded as null rather than left out, so that a reader sees
/// every key whether or not it has a value (synthesized Encodable leaves nil out).
@propertyWrapper
struct Nullable<Value: Encodable>: Encodable {
    var wrappedValue: Value?
    init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        if let wrappedValue { try c.encode(wrappedValue) } else { try c.encodeNil() }
    }
}

/// `mihrab qibla --format json`: the bearing and distance, null with why when undefined (at the Kaaba).
struct QiblaReport: Encodable {
    @Nullable var bearing: Double?
    @Nullable var distanceKm: Double?
    let model: String
    var undefined: String? = nil
}

/// `mihrab heading --format json`: one sample's heading (degrees), the qibla's offset, the field, the grade.
struct HeadingReport: Encodable {
    @Nullable var magneticHeading: Double?
    @Nullable var trueHeading: Double?
    @Nullable var roll: Double?
    @Nullable var pitch: Double?
    @Nullable var qiblaOffset: Double?
    @Nullable var declination: Double?
    @Nullable var dip: Double?
    @Nullable var fieldStrength: Double?
    @Nullable var accuracy: String?
}

/// `mihrab declination --format json`: the WMM's field (degrees, nT), the year, whether the model covers it.
struct FieldReport: Encodable {
    @Nullable var declination: Double?
    @Nullable var inclination: Double?
    @Nullable var horizontal: Double?
    @Nullable var total: Double?
    @Nullable var north: Double?
    @Nullable var east: Double?
    @Nullable var down: Double?
    @Nullable var gridVariation: Double?
    @Nullable var year: Double?
    let valid: Bool
}
