/// Khalid Shaukat's seasonal twilight for the Moonsighting Committee Worldwide method:
/// minutes from Fajr to sunrise and from sunset to Isha, by latitude and the days since
/// the winter solstice, piecewise linear between four seasonal values. The coefficients
/// are the committee's, as batoulapps/adhan implements them.
enum MoonsightingSeason {
    static func daysSinceSolstice(dayOfYear: Int, year: Int, latitude: Double) -> Int {
        let leap = CivilDate.isLeap(year)
        let daysInYear = leap ? 366 : 365
        if latitude >= 0 {
            let d = dayOfYear + 10
            return d >= daysInYear ? d - daysInYear : d
        }
        let d = dayOfYear - (leap ? 173 : 172)
        return d < 0 ? d + daysInYear : d
    }

    static func morningMinutes(latitude: Double, daysSinceSolstice dyy: Double) -> Double {
        let l = abs(latitude) / 55
        return seasonal(a: 75 + 28.65 * l, b: 75 + 19.44 * l, c: 75 + 32.74 * l, d: 75 + 48.10 * l, dyy: dyy)
    }

    static func eveningMinutes(latitude: Double, daysSinceSolstice dyy: Double, shafaq: Shafaq) -> Double {
        let l = abs(latitude) / 55
        switch shafaq {
        case .general:
            return seasonal(a: 75 + 25.60 * l, b: 75 + 2.050 * l, c: 75 - 9.210 * l, d: 75 + 6.140 * l, dyy: dyy)
        case .ahmer:
            return seasonal(a: 62 + 17.40 * l, b: 62 - 7.160 * l, c: 62 + 5.120 * l, d: 62 + 19.44 * l, dyy: dyy)
        case .abyad:
            return seasonal(a: 75 + 25.60 * l, b: 75 + 7.160 * l, c: 75 + 36.84 * l, d: 75 + 81.84 * l, dyy: dyy)
        }
    }

    private static func seasonal(a: Double, b: Double, c: Double, d: Double, dyy: Double) -> Double {
        if dyy < 91 { return a + (b - a) / 91 * dyy }
        if dyy < 137 { return b + (c - b) / 46 * (dyy - 91) }
        if dyy < 183 { return c + (d - c) / 46 * (dyy - 137) }
        if dyy < 229 { return d + (c - d) / 46 * (dyy - 183) }
        if dyy < 275 { return c + (b - c) / 46 * (dyy - 229) }
        return b + (a - b) / 91 * (dyy - 275)
    }
}
