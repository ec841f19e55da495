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

    /// strerror and the number: "No such file or directory (errno 2)".
    public var reason: String { "\(String(cString: strerror(errno))) (errno \(errno))" }

    public var description: String { "\(operation) \(target): \(reason)" }

    /// An SMBus-only adapter, and libi2c (its SMBus calls) could not be opened: the loader's one line.
    public static func libi2cMissing(_ path: String, _ loaderReason: String) -> SystemError {
        SystemError("use I2C adapter", "\(path) over SMBus (libi2c cannot be loaded: \(loaderReason))", errno: ELIBACC)
    }
}
