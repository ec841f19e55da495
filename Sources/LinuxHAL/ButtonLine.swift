/// What a `GPIOButton` reads: a requested `GPIOInputLine`, or a stand-in in tests.
protocol ButtonLine: AnyObject, Sendable {
    var name: String { get }
    /// Readable (poll(2)) when an edge is pending.
    var fileDescriptor: Int32 { get }
    /// The logical level now.
    func get() throws(SystemError) -> Bool
    /// The pending edges, oldest first (called when `fileDescriptor` is readable).
    func readEdges() throws(SystemError) -> [GPIOInputLine.Edge]
    func release()
}

extension GPIOInputLine: ButtonLine {}
