extension PrayerCalculator {
    /// The Sun's fixed altitudes of a calculator's parameters as the searches aim at them:
    /// their sines and cosines, worked out once for all the days rather than each day.
    struct FixedAims: Sendable {
        /// Sunrise and sunset at sea level, Fajr, and Isha when it is an angle.
        let horizon: SolarDay.Aim
        let fajr: SolarDay.Aim
        let isha: SolarDay.Aim?

        init(_ p: CalculationParameters) {
            horizon = SolarDay.Aim(altitude: p.horizon)
            fajr = SolarDay.Aim(altitude: -p.fajrAngle)
            isha = if case .angle(let a) = p.isha { SolarDay.Aim(altitude: -a) } else { nil }
        }
    }
}
