// Placeholder until fit-reference-points writes the table.
extension JakimZone {
    static let table: [JakimZone] = [
        JakimZone(code: "WLY01", state: "Kuala Lumpur (FT)", area: "Kuala Lumpur, Putrajaya",
                  points: ReferencePoints(repeating: ReferencePoint(3.139, 101.6869, 0)),
                  fit: PerPrayer(repeating: .init(365, 0, 0, 0))),
    ]
}
