import Benchmark

/// What every TrackPipe benchmark measures and how much a run may differ from the committed thresholds
/// (`Benchmarks/Thresholds/`, checked by `swift package benchmark thresholds check`) before the check fails.
///
/// This machine has no hardware counters (`perf stat -e instructions` says "not supported"), so the
/// deterministic metric is the malloc count; wall-clock time is kept for the table and checked with a wide
/// tolerance, enough to catch a change of complexity or a lost fast path, not a few percent.
///
/// - `mallocCountTotal` (`malloc` calls per run, from the malloc interposer): the same on every run of the same
///   code, so it is checked tightly — ``mallocSlack`` calls either way, or ``mallocPercent`` for the long
///   tracks, whose count follows the allocator's reuse of large blocks.
/// - `wallClock`: checked at its p90 (and p50 in `baseline check`) with ``wallClockPercent`` relative
///   tolerance. At 100 % a run fails only when it takes more than twice the recorded time, and a faster run
///   never fails: the machine is a shared 2-core VM whose other work moves a p90 by tens of percent.
public enum BenchmarkPolicy {
    /// The metrics of every benchmark (some Kalman ones add `peakMemoryResident`).
    public static let metrics: [BenchmarkMetric] = [.wallClock, .mallocCountTotal]

    /// Relative wall-clock tolerance in percent.
    public static let wallClockPercent = 100.0

    /// Absolute malloc-count tolerance, calls per run.
    public static let mallocSlack = 2

    /// The tolerances for metrics whose counts are not exact (long tracks: malloc counts, peak memory).
    public static let mallocPercent = 25.0

    /// The thresholds for ``metrics``: exact malloc counts (± ``mallocSlack``) unless `mallocRelative`, then
    /// ± ``mallocPercent`` %; wall clock ± ``wallClockPercent`` %; resident memory ± ``mallocPercent`` %.
    public static func thresholds(mallocRelative: Bool = false) -> [BenchmarkMetric: BenchmarkThresholds] {
        let mallocs = mallocRelative
            ? BenchmarkThresholds(relative: [.p50: mallocPercent, .p90: mallocPercent])
            : BenchmarkThresholds(absolute: [.p50: mallocSlack, .p90: mallocSlack])
        return [
            .wallClock: BenchmarkThresholds(relative: [.p50: wallClockPercent, .p90: wallClockPercent]),
            .mallocCountTotal: mallocs,
            .peakMemoryResident: BenchmarkThresholds(relative: [.p90: mallocPercent]),
        ]
    }

    /// A configuration with ``metrics`` (plus `extraMetrics`) and ``thresholds(mallocRelative:)``.
    public static func configuration(
        maxDuration: Duration = .seconds(2),
        maxIterations: Int = 10_000,
        extraMetrics: [BenchmarkMetric] = [],
        mallocRelative: Bool = false
    ) -> Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: metrics + extraMetrics,
            maxDuration: maxDuration,
            maxIterations: maxIterations,
            thresholds: thresholds(mallocRelative: mallocRelative)
        )
    }
}
