import Benchmark
#if canImport(Glibc)
import CBenchmarkMalloc
#endif

/// What every TrackPipe benchmark measures and how far a run may differ from the committed thresholds
/// (`Benchmarks/Thresholds/`, checked by `swift package benchmark thresholds check` at each metric's p90)
/// before the check fails.
///
/// The project machine has no hardware counters (`perf stat -e instructions` says "not supported"), so the
/// deterministic metric is the malloc count; wall-clock time is kept for the table and checked with a wide
/// tolerance, enough to catch a change of complexity or a lost fast path, not a few percent.
///
/// - `mallocCountTotal` (`malloc` calls per run, from the malloc interposer): the same on every run of the same
///   code up to 2.3k–23k fixes, so it is checked tightly (± ``mallocSlack`` calls). On the long Kalman tracks
///   (229 300 and 2 293 000 fixes) the count follows glibc's handling of blocks of many megabytes and moves
///   from run to run (e.g. 341–805 within one process), so it is checked to ± ``longTrackMallocPercent`` %:
///   the regression that matters there, an allocation per fix, is thousands of times more.
/// - `wallClock`: ± ``wallClockPercent`` % (p90 in `thresholds check`, p50 and p90 in `baseline check`). At
///   100 % a run fails only when it takes more than twice the recorded time, and a faster run never fails: the
///   machine is a shared 2-core VM whose other work moves a p90 by tens of percent.
/// - `peakMemoryResident` (long Kalman tracks only): ± ``peakMemoryPercent`` %.
public enum BenchmarkPolicy {
    /// The metrics of every benchmark (some Kalman ones add `peakMemoryResident`).
    public static let metrics: [BenchmarkMetric] = [.wallClock, .mallocCountTotal]

    /// Relative wall-clock tolerance in percent.
    public static let wallClockPercent = 100.0

    /// Absolute malloc-count tolerance, calls per run.
    public static let mallocSlack = 2

    /// Relative malloc-count tolerance in percent for the long tracks (`mallocRelative`).
    public static let longTrackMallocPercent = 100.0

    /// Relative peak-resident-memory tolerance in percent.
    public static let peakMemoryPercent = 25.0

    /// The thresholds for `metrics`: malloc counts ± ``mallocSlack`` (± ``longTrackMallocPercent`` % if
    /// `mallocRelative`), wall clock ± ``wallClockPercent`` %, peak resident memory ± ``peakMemoryPercent`` %.
    public static func thresholds(
        for metrics: [BenchmarkMetric], mallocRelative: Bool = false
    ) -> [BenchmarkMetric: BenchmarkThresholds] {
        var thresholds: [BenchmarkMetric: BenchmarkThresholds] = [:]
        for metric in metrics {
            switch metric {
            case .wallClock:
                thresholds[metric] = BenchmarkThresholds(relative: [.p50: wallClockPercent, .p90: wallClockPercent])
            case .mallocCountTotal where mallocRelative:
                thresholds[metric] = BenchmarkThresholds(relative: [.p50: longTrackMallocPercent, .p90: longTrackMallocPercent])
            case .mallocCountTotal:
                thresholds[metric] = BenchmarkThresholds(absolute: [.p50: mallocSlack, .p90: mallocSlack])
            case .peakMemoryResident:
                thresholds[metric] = BenchmarkThresholds(relative: [.p90: peakMemoryPercent])
            default:
                break  // checked exactly (package-benchmark's default for a metric without tolerances)
            }
        }
        return thresholds
    }

    /// glibc's allocator set up as `trackpipe` sets it up (`TrackPipeCommand.main`): no block from a fresh `mmap`,
    /// and freed memory kept rather than handed back, so a stage's large output array reuses pages already touched.
    /// Done once, by ``configuration(maxDuration:maxIterations:extraMetrics:mallocRelative:)``. Without it the
    /// figures depended on what else a benchmark process had allocated: `resample` by time on the reference run
    /// measured 341 µs at p0 (50 µs at 9157a2f) with the same instructions, its two 2300-fix arrays mapped and
    /// faulted in afresh on every iteration once the `places` benchmarks had joined the process; 54 µs this way.
    /// The malloc counts are the same either way.
    static let mallocAsTheTool: Void = {
        #if canImport(Glibc)
        mallopt(M_MMAP_MAX, 0)
        mallopt(M_TRIM_THRESHOLD, Int32.max)
        #endif
    }()

    /// A configuration with ``metrics`` (plus `extraMetrics`) and their ``thresholds(for:mallocRelative:)``.
    public static func configuration(
        maxDuration: Duration = .seconds(2),
        maxIterations: Int = 10_000,
        extraMetrics: [BenchmarkMetric] = [],
        mallocRelative: Bool = false
    ) -> Benchmark.Configuration {
        _ = mallocAsTheTool
        let all = metrics + extraMetrics
        return Benchmark.Configuration(
            metrics: all,
            maxDuration: maxDuration,
            maxIterations: maxIterations,
            thresholds: thresholds(for: all, mallocRelative: mallocRelative)
        )
    }

    /// A benchmark name from the non-empty `parts`, joined by "." with any space or "/" turned into "-" — e.g.
    /// `name("auto-pause", "speed-rule", "reference-2300", "live")` is `auto-pause.speed-rule.reference-2300.live`.
    ///
    /// package-benchmark 1.38.1 writes a threshold file as `Thresholds/TARGET.NAME.p90.json` with the spaces
    /// and slashes of the name turned into "_", but looks it up by the name as it is, so a benchmark whose name
    /// has a space or a slash is never checked. Every benchmark is named through here.
    public static func name(_ parts: any CustomStringConvertible...) -> String {
        parts.map(\.description).filter { !$0.isEmpty }.map { part in
            String(part.map { $0 == " " || $0 == "/" ? "-" : $0 })
        }.joined(separator: ".")
    }
}
