import ArgumentParser
import PrayerTimes

/// `mihrab times` read from a plain command line without ArgumentParser. ArgumentParser
/// builds a command's argument set by reflecting over its properties, ten times a parse, and
/// each first cast of an option's type scans the binary's 9,700 protocol conformances: 23 M
/// instructions of a 45 M run of a year of times (callgrind). A unit's scripts and the
/// timetable printer call `times` often, on a Pi Zero; this reads the usual case in some
/// thousands of instructions.
///
/// Only `--name value` and `--name=value` with the names of `TimesCommand`, each at most once,
/// and the two flags. Anything else (help, a short option, an unknown or repeated name, `--`, a
/// value that does not parse, a value starting with `-` where ArgumentParser would take it for
/// an option) gives nil, and ArgumentParser parses the line as always: its errors and help are
/// the command's only ones. `QuickTimesTests` holds every name and default to ArgumentParser's.
enum QuickTimes {
    /// How one option is read.
    struct Reader: Sendable {
        /// Takes a value (not a flag).
        let takesValue: Bool
        /// The value may start with `-` (ArgumentParser's `.unconditional`: a negative number).
        let anyValue: Bool
        /// Sets the option from its value (a flag: nil); false when the value does not parse.
        let apply: @Sendable (inout TimesOptions, String?) -> Bool

        static func value<V: ExpressibleByArgument>(anyValue: Bool = false, _ set: @escaping @Sendable (inout TimesOptions, V) -> Void) -> Reader {
            Reader(takesValue: true, anyValue: anyValue) { options, text in
                guard let text, let value = V(argument: text) else { return false }
                set(&options, value)
                return true
            }
        }

        static func flag(_ set: @escaping @Sendable (inout TimesOptions) -> Void) -> Reader {
            Reader(takesValue: false, anyValue: false) { options, _ in
                set(&options)
                return true
            }
        }
    }

    /// Every option of `TimesCommand`, by its long name.
    static let readers: [String: Reader] = [
        "lat": .value(anyValue: true) { $0.lat = $1 },
        "lon": .value(anyValue: true) { $0.lon = $1 },
        "elevation": .value(anyValue: true) { $0.elevation = $1 },
        "date": .value { $0.date = $1 },
        "days": .value(anyValue: true) { $0.days = $1 },
        "tz": .value { $0.tz = $1 },
        "method": .value { $0.method = $1 },
        "jakim-zone": .value { $0.jakimZone = $1 },
        "madhab": .value { $0.madhab = $1 },
        "high-latitude-rule": .value { $0.highLatitudeRule = $1 },
        "only-when-angle-fails": .flag { $0.onlyWhenAngleFails = true },
        "nearest-latitude": .value { $0.nearestLatitude = $1 },
        "polar": .value { $0.polar = $1 },
        "rounding": .value { $0.rounding = $1 },
        "adjust": .value(anyValue: true) { $0.adjust = $1 },
        "precautions": .value(anyValue: true) { $0.precautions = $1 },
        "show-method": .flag { $0.showMethod = true },
        "hijri-offset": .value(anyValue: true) { $0.hijriOffset = $1 },
        "fajr-angle": .value(anyValue: true) { $0.fajrAngle = $1 },
        "isha-angle": .value(anyValue: true) { $0.ishaAngle = $1 },
        "isha-interval": .value(anyValue: true) { $0.ishaInterval = $1 },
        "maghrib-angle": .value(anyValue: true) { $0.maghribAngle = $1 },
        "shafaq": .value { $0.shafaq = $1 },
        "imsak-minutes": .value(anyValue: true) { $0.imsakMinutes = $1 },
        "timetable": .value { $0.timetable = $1 },
        "format": .value { $0.format = $1 },
        "month": .value { $0.month = $1 },
        "ramadan": .value { $0.ramadan = $1 },
        "config": .value { $0.config = $1 },
        "lang": .value { $0.lang = $1 },
    ]

    /// The options of `mihrab times ARGUMENTS` (the arguments after `times`), or nil: see above.
    static func parse(_ arguments: ArraySlice<String>) -> TimesOptions? {
        var options = TimesOptions()
        var seen: Set<String> = []
        var i = arguments.startIndex
        while i < arguments.endIndex {
            let argument = arguments[i]
            i += 1
            guard argument.hasPrefix("--"), argument.count > 2 else { return nil }
            let body = argument.dropFirst(2)
            let name: Substring, inline: Substring?
            if let equals = body.firstIndex(of: "=") {
                (name, inline) = (body[..<equals], body[body.index(after: equals)...])
            } else {
                (name, inline) = (body, nil)
            }
            guard let reader = readers[String(name)], seen.insert(String(name)).inserted else { return nil }
            guard reader.takesValue else {
                guard inline == nil, reader.apply(&options, nil) else { return nil }
                continue
            }
            var value = inline.map(String.init)
            if value == nil {
                guard i < arguments.endIndex else { return nil }
                value = arguments[i]
                i += 1
                if value?.hasPrefix("-") == true && !reader.anyValue { return nil }
            }
            guard let value, !value.isEmpty, reader.apply(&options, value) else { return nil }
        }
        return options
    }
}
