import Synchronization

/// Runs `work` and waits for it `seconds` at most: then returns anyway, `work` left to go on
/// (or end with the process). For what may be waited for at a stop, never for long.
func awaitAtMost(seconds: Double, _ work: @escaping @Sendable () async -> Void) async {
    final class Done: Sendable { let flag = Atomic<Bool>(false) }
    let done = Done()
    Task {
        await work()
        done.flag.store(true, ordering: .releasing)
    }
    let end = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while ContinuousClock.now < end, !done.flag.load(ordering: .acquiring) {
        try? await Task.sleep(for: .milliseconds(20))
    }
}
