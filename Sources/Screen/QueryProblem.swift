import Service

/// Why a read-only route (the times, the printed month, the calendar feed) cannot answer: a
/// parameter that is not what it should be (one line naming it: a 400), or no place to
/// compute times for yet (a 503).
public enum QueryProblem: Error, Equatable, CustomStringConvertible {
    case query(String)
    case noPosition

    public var description: String {
        switch self {
        case .query(let s): s
        case .noPosition: "the unit has no position to compute times for"
        }
    }

    /// `days=N`, 1 to `maximum`; `fallback` when absent.
    static func days(_ query: [String: String], fallback: Int, maximum: Int) throws(QueryProblem) -> Int {
        guard let s = query["days"] else { return fallback }
        guard let n = Int(s), (1...maximum).contains(n) else { throw .query("days: \(quoted(s)) is not a whole number from 1 to \(maximum)") }
        return n
    }
}
