/// One output line (an LED, the buzzer). Values are logical: active-low is handled below
/// this protocol, by the backend.
public protocol DigitalOutput: AnyObject {
    /// The line's name for messages ("BUZZER", "gpiochip0 line 17").
    var name: String { get }
    func set(_ active: Bool) throws(GPIOError)
    /// Reads the line back.
    func get() throws(GPIOError) -> Bool
}

public struct GPIOError: Error, Equatable, Sendable, CustomStringConvertible {
    public let line: String
    public let reason: String
    public init(line: String, reason: String) {
        self.line = line
        self.reason = reason
    }
    public var description: String { "GPIO \(line): \(reason)" }
}
