import HTTPTypes
import HummingbirdCore
import PrayerTimes
import UnitModel

/// `GET /timetable?month=YYYY-MM[&lang=xx][&ramadan=YYYY][&digits=eastern]`: the printable
/// month (or Ramadan) at the unit's place, in its zone, with its iqamah and Jumu'ah.
extension Routes {
    func timetable(_ query: [String: String]) -> Response {
        let p = feed.read()
        guard let input = p.input else { return Routes.text(.serviceUnavailable, "starting") }
        let today = LocalTime(unix: p.wall, zone: input.zone).date
        do {
            let request = try PrintedMonth.Request(query: query, today: today, screen: input.config.screen)
            let page = try PrintedMonth.html(input, request, printed: today)
            return Routes.response(.ok, "text/html; charset=utf-8", Array(page.utf8))
        } catch .query(let why) {
            return Routes.text(.badRequest, why)
        } catch {
            return Routes.text(.serviceUnavailable, error.description)
        }
    }
}
