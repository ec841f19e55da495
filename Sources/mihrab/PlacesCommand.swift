import ArgumentParser
import Places
import Platform

/// `mihrab places`: GeoNames' places of 15,000 people or more, found by name or by position
/// offline, each with its time zone and the method its country's authority uses.
struct PlacesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "places", abstract: "Places found by name or position (GeoNames, offline), with the method each country uses.",
        subcommands: [PlacesSearchCommand.self, PlacesNearCommand.self])
}

/// What both subcommands take beside their question.
struct PlacesOptions: ParsableArguments {
    @Option(help: "How many places at most (1 to 1000).") var limit: Int?
    @Option(help: "Output format (text or json).") var format: OutputFormat = .text
    @Option(help: "The table of places (default: \(PlaceTable.installedPath), or the source tree's board/places/places.tsv).")
    var places: String?

    func validate() throws {
        if let limit, !(1...1000).contains(limit) { throw ValidationError("--limit must be from 1 to 1000 (got \(limit))") }
        if format == .csv { throw ValidationError("--format must be text or json for places") }
    }

    func table() throws -> PlaceTable {
        do { return try PlaceTable.open(path: places ?? PlaceTable.defaultPath) } catch { throw CommandError(error.description, exitCode: Self.exitCode(error)) }
    }

    static func exitCode(_ error: PlaceError) -> ExitCode {
        switch error {
        case .missing: ExitCode(66)  // EX_NOINPUT
        case .badName, .badCountry, .badPosition: .validationFailure
        default: ExitCode(65)  // EX_DATAERR: a table that is not one
        }
    }

    func print(_ found: [Place]) throws {
        if format == .json {
            Swift.print(try jsonLine(found))
            return
        }
        let rows = found.map { p in
            [p.name + (p.localName.map { " (\($0))" } ?? ""), p.country, cFormat("%.4f", p.latitude), cFormat("%.4f", p.longitude),
             p.zone, String(p.population), p.method, p.jakimZone ?? ""]
        }
        let widths = (0..<8).map { i in rows.map { $0[i].count }.max() ?? 0 }
        for row in rows {
            let cells = row.enumerated().map { i, cell in
                // Numbers right-aligned, words left-aligned; the last column unpadded.
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                return [2, 3, 5].contains(i) ? pad + cell : (i == row.count - 1 ? cell : cell + pad)
            }
            Swift.print(cells.joined(separator: "  ").trimmingSpaces())
        }
    }
}

struct PlacesSearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search", abstract: "The places of that name, or whose name starts with it (exact names first, then by population).")

    @Argument(help: "The place's name, in Latin letters or its own script (case and accents aside).") var name: String
    @Option(help: "Only this country's places (ISO 3166 alpha-2, such as MY).") var country: String?
    @OptionGroup var options: PlacesOptions

    func validate() throws {
        do { _ = try PlaceTable.checkedName(name) } catch { throw ValidationError(error.description) }
        if let country, !PlaceTable.isCountryCode(country) { throw ValidationError(PlaceError.badCountry(country).description) }
    }

    func run() throws {
        let table = try options.table()
        let found: [Place]
        do { found = try table.search(name, country: country, limit: options.limit ?? 20) } catch {
            throw CommandError(error.description, exitCode: PlacesOptions.exitCode(error))
        }
        guard !found.isEmpty else {
            let within = country.map { " in \($0.uppercased())" } ?? ""
            throw CommandError("\"\(printable(name))\": no place of that name\(within) (GeoNames' places of 15,000 people or more)")
        }
        try options.print(found)
    }
}

struct PlacesNearCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "near", abstract: "The places nearest a position (a unit's GPS fix), nearest first.")

    // The two numbers taken as they come: a negative one (-6.2) is not an option's name.
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("Latitude and longitude in degrees (-90 to 90, -180 to 180).", valueName: "lat lon"))
    var position: [String] = []
    @OptionGroup var options: PlacesOptions

    var lat: Double { position.first.flatMap { Double($0) } ?? .nan }
    var lon: Double { position.dropFirst().first.flatMap { Double($0) } ?? .nan }

    func validate() throws {
        guard position.count == 2 else {
            throw ValidationError("near takes a latitude and a longitude (got \(position.count) argument\(position.count == 1 ? "" : "s"))")
        }
        for (what, text) in zip(["latitude", "longitude"], position) where Double(text) == nil {
            throw ValidationError("the \(what) '\(printable(text))' is not a number")
        }
        guard lat.isFinite, (-90...90).contains(lat) else { throw ValidationError("the latitude must be from -90 to 90 degrees (got \(position[0]))") }
        guard lon.isFinite, (-180...180).contains(lon) else { throw ValidationError("the longitude must be from -180 to 180 degrees (got \(position[1]))") }
    }

    func run() throws {
        let table = try options.table()
        let found: [Place]
        do { found = try table.near(latitude: lat, longitude: lon, limit: options.limit ?? 5) } catch {
            throw CommandError(error.description, exitCode: PlacesOptions.exitCode(error))
        }
        try options.print(found)
    }
}
