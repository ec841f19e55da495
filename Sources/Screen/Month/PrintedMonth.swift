import FoundationEssentials
import Glibc
import PrayerTimes
import Service
import UnitModel

/// The printed month: `GET /timetable` on the screen's server and `mihrab times --format html`
/// both call `html`, so the same month and config give the same page from either.
public enum PrintedMonth {
    public typealias Problem = QueryProblem

    /// What to print, from the query (`month=YYYY-MM`, `ramadan=YYYY`, `lang=xx`,
    /// `digits=western|eastern`); unknown parameters are ignored.
    public struct Request: Sendable, Equatable {
        public var period: PrintedPeriod
        public var language: String
        public var digits: ScreenConfig.Digits

        public init(period: PrintedPeriod, language: String, digits: ScreenConfig.Digits) {
            self.period = period
            self.language = language
            self.digits = digits
        }

        /// No month and no Ramadan: the month of `today` (the unit's clock). The language and
        /// the digits default to the wall screen's.
        public init(query: [String: String], today: CivilDate, screen: ScreenConfig) throws(Problem) {
            switch (query["month"], query["ramadan"]) {
            case (.some, .some): throw .query("ramadan: give month or ramadan, not both")
            case (let m?, nil):
                guard let p = PrintedPeriod.parsing(month: m) else {
                    throw .query("month: \(quoted(m)) is not a month as YYYY-MM (\(PrintedPeriod.years.lowerBound) to \(PrintedPeriod.years.upperBound))")
                }
                period = p
            case (nil, let y?):
                guard let p = PrintedPeriod.parsing(ramadan: y) else {
                    throw .query("ramadan: \(quoted(y)) is not a Hijri year from \(PrintedPeriod.hijriYears.lowerBound) to \(PrintedPeriod.hijriYears.upperBound)")
                }
                period = p
            case (nil, nil): period = PrintedPeriod.containing(today)
            }
            language = query["lang"] ?? screen.language
            guard MonthWords.files[language] != nil else {
                throw .query("lang: \(quoted(language)) is not one of \(MonthWords.files.keys.sorted().joined(separator: ", "))")
            }
            if let d = query["digits"] {
                guard let v = ScreenConfig.Digits(rawValue: d) else { throw .query("digits: \(quoted(d)) is not western or eastern") }
                digits = v
            } else {
                digits = screen.digits
            }
        }
    }

    /// The page: one A4 sheet, everything inline. `printed`: the date in the footer.
    public static func html(_ input: ScreenInput, _ request: Request, printed: CivilDate) throws(Problem) -> String {
        guard let words = MonthWords(request.language, digits: request.digits, clock: input.config.screen.clock) else {
            throw .query("lang: \(quoted(request.language)) is not a language of the unit's")
        }
        guard let sheet = MonthSheet.make(input, period: request.period) else { throw .noPosition }
        return MonthHTML(sheet: sheet, words: words, printed: printed).document
    }
}
