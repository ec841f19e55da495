import Foundation
import PrayerTimes

extension UnitCore {
    /// The next undecided event after a time.
    public func nextEvent(after wall: Double) -> PlannedEvent? { events.first { $0.time > wall } }

    /// /run/mihrab/status.json: what the unit knows, for `mihrab status` and for people.
    public func statusJSON(wall: Double) -> String {
        func n(_ v: Double?, _ d: Int) -> String {
            guard let v, v.isFinite else { return "null" }
            return String(format: "%.\(d)f", v)
        }
        func iso(_ t: Double) -> String { "\"\(EventRecorder.iso(t, zone: zone, millis: false))\"" }
        var parts: [String] = ["\"time\":\(iso(wall))"]
        if let s = today {
            parts.append("\"date\":\"\(s.date)\",\"hijri\":\"\(HijriCalendar.date(for: s.date, offset: config.hijriOffset))\"")
            let times = Prayer.allCases.map { "\"\($0.rawValue)\":\(iso(s[$0]))" } + ["\"imsak\":\(iso(s.imsak))", "\"midnight\":\(iso(s.midnight))"]
            parts.append("\"times\":{\(times.joined(separator: ","))}")
        }
        if let e = nextEvent(after: wall) {
            parts.append("\"next\":{\"event\":\"\(e.kind.rawValue)\",\"prayer\":\"\(e.prayer.rawValue)\",\"at\":\(iso(e.time)),\"inSeconds\":\(Int(e.time - wall))}")
        }
        parts.append("\"position\":{\"latitude\":\(n(latitude, 5)),\"longitude\":\(n(longitude, 5)),\"source\":\"\(positionSource.rawValue)\"}")
        parts.append("\"heading\":\(n(heading, 1)),\"qiblaOffset\":\(n(qiblaOffset, 1)),\"compass\":\"\(accuracy.rawValue)\"")
        parts.append("\"clock\":{\"trusted\":\(clockTrusted),\"steps\":\(clockSteps)}")
        parts.append("\"status\":\"\(statusCondition.rawValue)\",\"gps\":\"\(gpsStatus)\"")
        func sensor(_ c: Drivers.SensorChannel?) -> String {
            guard let c else { return "\"none\"" }
            return c.isHealthy ? "\"ok\"" : (c.isLost ? "\"lost\"" : "\"failing\"")
        }
        parts.append("\"sensors\":{\"magnetometer\":\(sensor(hw.magnetometer)),\"accelerometer\":\(sensor(hw.accelerometer)),\"errors\":\((hw.magnetometer?.errorCount ?? 0) + (hw.accelerometer?.errorCount ?? 0))}")
        parts.append("\"counters\":{\"fired\":\(fired),\"missed\":\(missed),\"gpioErrors\":\(gpioErrors)}")
        return "{" + parts.joined(separator: ",") + "}"
    }
}

import Drivers
