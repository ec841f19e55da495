import Foundation

/// Reads a child's standard output and error to their ends at once: a child that fills one
/// pipe while the other is read would hang.
public func drainBoth(_ out: Pipe, _ err: Pipe) -> (out: Data, err: Data) {
    final class Box: @unchecked Sendable { var data = Data() }
    let errBox = Box()
    let drained = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        errBox.data = err.fileHandleForReading.readDataToEndOfFile()
        drained.signal()
    }
    let o = out.fileHandleForReading.readDataToEndOfFile()
    drained.wait()
    return (o, errBox.data)
}
