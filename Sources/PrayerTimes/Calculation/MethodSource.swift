/// Where a method's rules come from, and how the method was checked against the times the
/// authority itself publishes.
public struct MethodSource: Sendable {
    /// The authority's own statement of its rules (where, and what it says), or, where none
    /// was found, that none was found and the secondary source used.
    public let statement: String
    /// The published table the method was compared with and the fit measured, or that no
    /// table of the authority's was available.
    public let checked: String
}

extension CalculationMethod {
    public var source: MethodSource {
        switch self {
        default:
            return MethodSource(statement: "TODO", checked: "TODO")
        }
    }
}
