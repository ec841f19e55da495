#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An operating-system error from a Linux backend: what was attempted, on what, and the errno.
public struct SystemError: Error, Equatable, CustomStringConvertible, Sendable {
    public let operation: String
    public let target: String
    public let errno: Int32

    public init(_ operation: String, _ target: String, errno: Int32) {
        self.operation = operation
        self.target = target
        self.errno = errno
    }

    public var description: String {
        let reason = String(cString: strerror(errno))
        return "\(operation) \(target): \(reason) (errno \(errno))"
    }
}
