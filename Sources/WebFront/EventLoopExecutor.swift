import NIOCore

/// A server's Swift tasks (its connections and its responders) run on its own event loop
/// thread, never on the cooperative pool the control loop's helpers use: a busy or attacked
/// server takes its own thread's time only.
final class EventLoopExecutor: TaskExecutor {
    let loop: any EventLoop

    init(loop: any EventLoop) { self.loop = loop }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
