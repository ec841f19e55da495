import Dispatch
import Foundation
import PrayerTimes

/// JAKIM's zones fitted: the JAKIM method's rules, Malaysia's clock (UTC+8 all year), each
/// zone in its box. Zones are fitted on all the machine's cores; each zone's fit is its own.
public enum JakimFit {
    public static let utcOffset = 28_800

    /// `others`: JAKIM's tables of other years. A zone is fitted over them and the table
    /// together where that fit still meets the goal on the table's own year (the points then
    /// hold over more than one year's Sun), else over the table alone; its figures are the
    /// table's year's either way.
    public static func fitAll(_ bounds: [ZoneBounds], published: PublishedTable,
                              others: [Int: PublishedTable] = [:]) -> [ZoneFit] {
        let fitter = PointFitter(method: .jakim, utcOffset: utcOffset)
        // Zones computed on their own first, then those derived from them (with their base's points).
        let own = bounds.filter { $0.base == nil }
        let bases = Set(bounds.compactMap(\.base)).subtracting(own.map(\.code))
        let known = fitChoosing(own + ZoneBounds.jakim.filter { bases.contains($0.code) }, fitter, published, others) { _ in nil }
        var fits = known.filter { fit in own.contains { $0.code == fit.code } }
        fits += fitChoosing(bounds.filter { $0.base != nil }, fitter, published, others) { zone in
            known.first { $0.code == zone.base }.map { DerivedTimes(base: $0.points) }
        }
        return fits.sorted { $0.code < $1.code }
    }

    static func fitChoosing(_ bounds: [ZoneBounds], _ fitter: PointFitter, _ published: PublishedTable,
                            _ others: [Int: PublishedTable], derived: @escaping @Sendable (ZoneBounds) -> DerivedTimes?) -> [ZoneFit] {
        let alone = fitConcurrently(bounds, fitter, derived: derived) { days($0, published) }
        guard !others.isEmpty else { return alone }
        let years = others.keys.sorted()
        let together = fitConcurrently(bounds, fitter, derived: derived) { code in
            days(code, published) + years.flatMap { others[$0]?.zones[code] ?? [] }
        }
        return zip(bounds, zip(alone, together)).map { zone, fits in
            let (alone, together) = fits
            let own = fitter.verify(together.points, derived: derived(zone), days: days(zone.code, published), seasons: together.seasons)
            guard Prayer.allCases.allSatisfy({ PointFitter.meetsGoal(own[$0].fit) }) else { return alone }
            var out = together
            for prayer in Prayer.allCases {
                out.events[prayer].fit = own[prayer].fit
                out.events[prayer].missed = own[prayer].missed
            }
            out.years = (years + [PublishedTable.tableYear]).sorted()
            return out
        }
    }

    static func fitConcurrently(_ bounds: [ZoneBounds], _ fitter: PointFitter, derived: @Sendable (ZoneBounds) -> DerivedTimes?,
                                days: @Sendable (String) -> [PublishedTable.Day]) -> [ZoneFit] {
        let results = Results(count: bounds.count)
        DispatchQueue.concurrentPerform(iterations: bounds.count) { i in
            let zone = bounds[i]
            results.set(i, fitter.fit(zone, days: days(zone.code), derived: derived(zone),
                                       seasons: ZoneSeasons.jakim[zone.code] ?? []))
        }
        return results.all
    }

    /// A zone's days in the table, the table's own errors taken out.
    static func days(_ code: String, _ published: PublishedTable) -> [PublishedTable.Day] {
        TableErratum.correct(published.zones[code] ?? [], zone: code)
    }

    /// Each day's difference (minutes, the fit's less the table's) of one time, as "MM-DD:+N", at
    /// the time's own point (for a derived zone: its own time, before the derivation).
    public static func differences(_ zone: ZoneFit, _ prayer: Prayer, published: PublishedTable) -> [String] {
        var p = CalculationMethod.jakim.parameters
        p.referencePoints = PerPrayer(repeating: zone.events[prayer].point)
        let c = PrayerCalculator(parameters: p)
        return (published.zones[zone.code] ?? []).compactMap { day in
            guard let m = day.minutes[prayer] else { return nil }
            let s = c.schedule(for: day.date, at: zone.events[prayer].point.coordinates, utcOffset: utcOffset)
            let d = Int(((s[prayer] + Double(utcOffset) - day.date.unixMidnight) / 60).rounded(.down)) - m
            return "\(day.date.month)-\(day.date.day):\(d)"
        }
    }

    /// One line per zone: each time's share within a minute and its worst.
    public static func summary(_ zone: ZoneFit) -> String {
        var s = zone.code
        for prayer in Prayer.allCases {
            let f = zone.events[prayer].fit
            let share = f.days == 0 ? 0 : Double(f.withinOne) * 1000 / Double(f.days)
            s += " \(prayer.rawValue) \(Int(share.rounded()) / 10).\(Int(share.rounded()) % 10)%/\(f.worst)"
            if zone.events[prayer].rule != nil { s += "*" }
        }
        return s
    }
}

/// The zones' fits as the workers finish them.
final class Results: @unchecked Sendable {
    private var slots: [ZoneFit?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ i: Int, _ fit: ZoneFit) {
        lock.lock()
        slots[i] = fit
        lock.unlock()
    }

    var all: [ZoneFit] {
        lock.lock()
        defer { lock.unlock() }
        return slots.compactMap { $0 }
    }
}
