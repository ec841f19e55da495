/// The best matches of a search as the table is read, at most `limit` kept: the exact names
/// (rank 0) before the others (rank 1), each by population, the most first.
struct Best {
    let limit: Int
    private var kept = [(rank: Int, place: Place)]()

    init(limit: Int) { self.limit = limit }

    var places: [Place] { kept.map(\.place) }

    /// Whether a match of this rank and population would be kept (before its line is parsed).
    func wants(rank: Int, population: Int) -> Bool {
        guard kept.count >= limit, let last = kept.last else { return true }
        return Self.before((rank, population), (last.rank, last.place.population))
    }

    mutating func add(_ place: Place, rank: Int) {
        let at = kept.firstIndex { Self.before((rank, place.population), ($0.rank, $0.place.population)) } ?? kept.count
        guard at < limit else { return }
        kept.insert((rank, place), at: at)
        if kept.count > limit { kept.removeLast() }
    }

    private static func before(_ a: (Int, Int), _ b: (Int, Int)) -> Bool {
        a.0 != b.0 ? a.0 < b.0 : a.1 > b.1
    }
}
