import Benchmark

let benchmarks: @Sendable () -> Void = {
    prayerTimeBenchmarks()
    localScheduleBenchmarks()
    adhanSwiftBenchmarks()
    compassBenchmarks()
    daemonBenchmarks()
    pageBenchmarks()
}
