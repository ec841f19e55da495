/// One line of a refused setup form: the field's label (in the reader's language) and why (in
/// English, as the config's check says it); no field: a line of its own (a wrong code).
struct SetupLine: Equatable, CustomStringConvertible {
    var field: String?
    var label: String?
    var reason: String

    init(field: String, _ t: AdminText, _ reason: String) {
        (self.field, label, self.reason) = (field, SetupForm.label(field, t), reason)
    }

    init(_ reason: String) { (field, label, self.reason) = (nil, nil, reason) }

    var description: String { label.map { "\($0): \(reason)" } ?? reason }

    /// As the page shows it: the label and the reason each isolated, so that an English reason
    /// in a right to left page keeps its order.
    var html: String {
        guard let label else { return HTML.message(reason, error: true) }
        return "<p class=\"error\" role=\"alert\"><bdi>\(HTML.escape(label))</bdi>: <bdi dir=\"auto\">\(HTML.escape(reason))</bdi></p>"
    }
}
