import Glibc

/// GeoNames' places of 15,000 people or more (geonames.org, CC BY 4.0), searched by name or by
/// position. The table is a file (board/places/places.tsv, installed at
/// /usr/share/mihrab/places.tsv), read for each question and dropped after it: nothing of it
/// stays in memory between questions.
public struct PlaceTable: Sendable {
    public let path: String
    /// Where the package installs the table.
    public static let installedPath = "/usr/share/mihrab/places.tsv"
    /// The longest name a search takes (GeoNames' longest in the table is 60 characters).
    public static let longestName = 100

    /// The installed table; without one, the one beside the executable's prefix
    /// (/usr/local/share/mihrab/places.tsv for /usr/local/bin/mihrab, `make install`) or the
    /// repository's copy (a build from source: .build/…/debug/mihrab, a test bundle), found from
    /// the executable's directory upward, or from this source file's place.
    public static var defaultPath: String {
        if access(installedPath, F_OK) == 0 { return installedPath }
        let relative = "board/places/places.tsv"
        var dir = executableDirectory()
        for _ in 0..<6 {
            guard let current = dir, current != "/" else { break }
            for candidate in [current + "/share/mihrab/places.tsv", current + "/" + relative] where access(candidate, F_OK) == 0 {
                return candidate
            }
            dir = parent(current)
        }
        // Sources/Places/PlaceTable.swift → the repository's root.
        if let root = parent(parent(parent(#filePath) ?? "") ?? ""), access(root + "/" + relative, F_OK) == 0 {
            return root + "/" + relative
        }
        return installedPath
    }

    /// The table at `path`, its header checked (a missing or foreign file is an error here,
    /// not at the first search).
    public static func open(path: String) throws(PlaceError) -> PlaceTable {
        _ = try TableFile.read(path)
        return PlaceTable(path: path)
    }

    /// The places whose name (its ASCII form, its name in the local script, or for a place of
    /// half a million people or more another of its names in Latin letters) is `name` or
    /// starts with it, case and accents aside: the exact names first, then the others, each by
    /// population, at most `limit`. `country` (ISO alpha-2) keeps that country's only.
    public func search(_ name: String, country: String? = nil, limit: Int = 20) throws(PlaceError) -> [Place] {
        let query = try Self.checkedName(name)
        var country = country
        if let given = country {
            guard Self.isCountryCode(given) else { throw .badCountry(given) }
            country = given.uppercased()
        }
        guard limit > 0 else { return [] }
        let folded = Array(NameFold.fold(query).utf8)
        let ascii = folded.allSatisfy { $0 < 0x80 }
        var best = Best(limit: limit)
        let file = try TableFile.read(path)
        try file.forEachRow { (fields, line) throws(PlaceError) in
            if let country, !fields[PlaceRow.country].elementsEqual(country.utf8) { return }
            var rank = Self.match(folded, fields[PlaceRow.ascii])
            if rank != 0 && ascii && !fields[PlaceRow.also].isEmpty {
                for other in fields[PlaceRow.also].split(separator: UInt8(ascii: "|")) {
                    if let r = Self.match(folded, other) { rank = min(rank ?? r, r) }
                }
            }
            if rank == nil && !ascii {
                for column in [PlaceRow.local, PlaceRow.local2] where !fields[column].isEmpty {
                    let local = Array(NameFold.fold(String(decoding: fields[column], as: UTF8.self)).utf8)
                    if let r = Self.match(folded, local[...]) { rank = min(rank ?? r, r) }
                }
            }
            guard let rank else { return }
            let population = Int(String(decoding: fields[PlaceRow.population], as: UTF8.self)) ?? 0
            guard best.wants(rank: rank, population: population) else { return }
            best.add(try PlaceRow.place(fields, line: line, path: path), rank: rank)
        }
        return best.places
    }

    /// The `limit` places nearest to a position, nearest first (great-circle distance).
    public func near(latitude: Double, longitude: Double, limit: Int = 5) throws(PlaceError) -> [Place] {
        guard latitude.isFinite, (-90...90).contains(latitude) else { throw .badPosition("latitude \(latitude) is not from -90 to 90") }
        guard longitude.isFinite, (-180...180).contains(longitude) else { throw .badPosition("longitude \(longitude) is not from -180 to 180") }
        guard limit > 0 else { return [] }
        var nearest = [(distance: Double, place: Place)]()
        let file = try TableFile.read(path)
        try file.forEachRow { (fields, line) throws(PlaceError) in
            guard let lat = Double(String(decoding: fields[PlaceRow.latitude], as: UTF8.self)),
                  let lon = Double(String(decoding: fields[PlaceRow.longitude], as: UTF8.self)) else {
                throw .corrupt(path: path, line: line, reason: "a position that is not two numbers")
            }
            let d = Self.distance(latitude, longitude, lat, lon)
            guard nearest.count < limit || d < nearest[nearest.count - 1].distance else { return }
            let place = try PlaceRow.place(fields, line: line, path: path)
            let at = nearest.firstIndex { $0.distance > d } ?? nearest.count
            nearest.insert((d, place), at: at)
            if nearest.count > limit { nearest.removeLast() }
        }
        return nearest.map(\.place)
    }

    /// Whether a country code is two ASCII letters (either case).
    public static func isCountryCode(_ code: String) -> Bool { PlaceRow.isCountryCode(code.uppercased()) }

    /// The central angle between two positions, in radians (haversine).
    static func distance(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let rad = Double.pi / 180
        let dLat = (lat2 - lat1) * rad, dLon = (lon2 - lon1) * rad
        let a = sin(dLat / 2) * sin(dLat / 2) + cos(lat1 * rad) * cos(lat2 * rad) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * asin(min(1, a.squareRoot()))
    }

    /// 0 for the same name, 1 for a name that starts with the query, nil otherwise.
    static func match(_ query: [UInt8], _ name: ArraySlice<UInt8>) -> Int? {
        guard name.count >= query.count, name.prefix(query.count).elementsEqual(query) else { return nil }
        return name.count == query.count ? 0 : 1
    }

    /// The name trimmed, or why it cannot be a place's: empty, too long, a control character.
    public static func checkedName(_ name: String) throws(PlaceError) -> String {
        if let c = name.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            throw .badName("has a control character (U+\(String(c.value, radix: 16, uppercase: true)))")
        }
        guard !NameFold.fold(name).isEmpty else { throw .badName("is empty") }
        guard name.count <= longestName else { throw .badName("is \(name.count) characters, more than \(longestName)") }
        return name
    }
}

private func parent(_ path: String) -> String? {
    guard let slash = path.lastIndex(of: "/") else { return nil }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}

private func executableDirectory() -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard n > 0 else { return nil }
    return parent(String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self))
}
