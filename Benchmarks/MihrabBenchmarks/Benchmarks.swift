import Benchmark

let benchmarks: @Sendable () -> Void = {
    prayerTimeBenchmarks()
    compassBenchmarks()
    daemonBenchmarks()
    pageBenchmarks()
}
