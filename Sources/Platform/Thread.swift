import CClock
import Glibc

/// Starts `body` on a thread of its own (detached: nobody joins it), named `name` for the kernel
/// (`top -H`, `/proc/PID/task/*/comm`; 15 bytes at most). FoundationEssentials has no `Thread`,
/// and Foundation's would bring ICU's 34 MB of data into the binary.
public func startThread(name: String? = nil, _ body: @escaping @Sendable () -> Void) {
    let box = Unmanaged.passRetained(ThreadStart(name: name, body: body)).toOpaque()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    var thread = pthread_t()
    let rc = pthread_create(&thread, &attributes, { raw in
        guard let raw else { return nil }
        let start = Unmanaged<ThreadStart>.fromOpaque(raw).takeRetainedValue()
        if let name = start.name { nameThisThread(name) }
        start.body()
        return nil
    }, box)
    guard rc == 0 else {
        Unmanaged<ThreadStart>.fromOpaque(box).release()
        // Only when the system is out of threads or memory: nothing the unit could go on without.
        preconditionFailure("cannot start a thread\(name.map { " (\($0))" } ?? ""): \(String(cString: strerror(rc)))")
    }
}

/// Names the calling thread (hal/clock; the kernel keeps 15 bytes).
public func nameThisThread(_ name: String) {
    mihrab_name_thread(name)
}

private final class ThreadStart: @unchecked Sendable {
    // @unchecked: written once before the thread starts, read only by it.
    let name: String?
    let body: @Sendable () -> Void
    init(name: String?, body: @escaping @Sendable () -> Void) { (self.name, self.body) = (name, body) }
}
