import UnitModel

extension SiteConfig {
    /// `[display]`: the TV's power and its schedule.
    mutating func readDisplay(_ root: TableReader) throws(ConfigError) {
        guard let t = try root.subtable("display") else { return }
        var d = display
        if let v = try t.choice("power", DisplayConfig.Power.self) { d.power = v }
        let most = DisplayConfig.maximumMinutes
        if let v = try t.int("before_fajr", in: 0...most) { d.beforeFajr = v }
        if let v = try t.int("after_isha", in: 0...most) { d.afterIsha = v }
        if let v = try t.bool("all_day") { d.allDay = v }
        if let v = try t.int("before_adhan", in: 0...most) { d.beforeAdhan = v }
        if let v = try t.int("after_iqamah", in: 0...most) { d.afterIqamah = v }
        try t.finish()
        display = d
    }
}
