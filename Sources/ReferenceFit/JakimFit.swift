import Dispatch
import Foundation
import PrayerTimes

/// JAKIM's zones fitted: the JAKIM method's rules, Malaysia's clock (UTC+8 all year), each
/// zone in its box. Zones are fitted on all the machine's cores; each zone's fit is its own.
public enum JakimFit {
    public static let utcOffset = 28_800

    public static func fitAll(_ bounds: [ZoneBounds], published: PublishedTable) -> [ZoneFit] {
        let fitter = PointFitter(method: .jakim, utcOffset: utcOffset)
        // Zones computed on their own first, then those derived from them (with their base's points).
        var fits = fitConcurrently(bounds.filter { $0.base == nil }, fitter, published) { _ in nil }
        let bases = Set(bounds.compactMap(\.base)).subtracting(fits.map(\.code))
        let extra = fitConcurrently(ZoneBounds.jakim.filter { bases.contains($0.code) }, fitter, published) { _ in nil }
        let known = fits + extra
        fits += fitConcurrently(bounds.filter { $0.base != nil }, fitter, published) { zone in
            known.first { $0.code == zone.base }.map { base in
                var points = ReferencePoints(repeating: base.events.fajr.point)
                for prayer in Prayer.allCases { points[prayer] = base.events[prayer].point }
                return DerivedTimes(base: points)
            }
        }
        return fits.sorted { $0.code < $1.code }
    }

    static func fitConcurrently(_ bounds: [ZoneBounds], _ fitter: PointFitter, _ published: PublishedTable,
                                derived: @Sendable (ZoneBounds) -> DerivedTimes?) -> [ZoneFit] {
        let results = Results(count: bounds.count)
        DispatchQueue.concurrentPerform(iterations: bounds.count) { i in
            let zone = bounds[i]
            results.set(i, fitter.fit(zone, days: days(zone.code, published), derived: derived(zone),
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
