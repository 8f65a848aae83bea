import Benchmark
import Foundation
import BenchmarkSupport
import TrackPipe
import TrackPipeStages

/// The Kalman stages and their numeric core on the 2300-record reference run (Tests/Data/reference/kalman,
/// cleaned as its README says: 2293 fixes) and on 10×, 100× and 1000× longer tracks made by repeating it end to
/// end (each copy shifted in time and position so the track continues). Target: the smoother ≤ 150 µs median
/// per 2300-fix run, linear growth, no per-fix allocation.
let benchmarks: @Sendable () -> Void = {
    let base = KalmanBenchmarkTrack.referenceFixes()
    let sizes = [1, 10, 100, 1000]
    for repeats in sizes {
        // Built on first use, so running a filtered subset does not build the 2.3M-fix track.
        let track = KalmanBenchmarkTrack.Lazy(base: base, repeats: repeats)
        let n = base.count * repeats
        // Peak resident memory only for the long tracks: sampling it reads /proc, which on the short runs costs
        // more than the run and disturbs the timing on this 2-core machine. From 229 300 fixes on the malloc
        // count follows glibc's reuse of large blocks (tens to hundreds per run, never per fix): relative tolerance.
        let config = BenchmarkPolicy.configuration(
            maxDuration: .seconds(repeats >= 1000 ? 20 : 3), maxIterations: repeats >= 100 ? 20 : 10_000,
            extraMetrics: repeats >= 100 ? [.peakMemoryResident] : [], mallocRelative: repeats >= 100)

        // The numeric core alone: forward filter + RTS smoother / banded Cholesky, measurements preloaded,
        // workspace reused (as a long-lived app would).
        for solver in KalmanSmootherSolver.allCases {
            Benchmark(BenchmarkPolicy.name("core-smoother", solver.rawValue, n), configuration: config) { benchmark in
                var core = KalmanBenchmarkTrack.loadedCore(track.fixes)
                try core.smooth(count: n, solver: solver)  // size the banded workspace outside the measurement
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    try core.smooth(count: n, solver: solver)
                    blackHole(core.smoothed(n / 2))
                }
                benchmark.stopMeasurement()
            }
        }
        Benchmark(BenchmarkPolicy.name("core-filter", n), configuration: config) { benchmark in
            var core = KalmanBenchmarkTrack.loadedCore(track.fixes)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                try core.filter(count: n)
                blackHole(core.filtered(n - 1))
            }
            benchmark.stopMeasurement()
        }

        // The stages end to end: fixes in, kept + changed fixes out (projection, runs, output arrays).
        func stageBenchmark<S: Stage>(_ name: String, _ type: S.Type, doppler: Bool = false) {
            Benchmark(BenchmarkPolicy.name(name, n), configuration: config) { benchmark in
                let stage = try S(parameters: StageParameters.defaults(for: S.descriptor))
                let input = doppler ? track.dopplerInput : track.input
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    blackHole(try stage.run(input))
                }
                benchmark.stopMeasurement()
            }
        }
        stageBenchmark("kalman-smoother-stage", KalmanSmootherStage.self)
        stageBenchmark("kalman-filter-stage", KalmanFilterStage.self)
        // track-smoother on the same fixes: without speeds it smooths as kalman-smoother does; with a speed and
        // course on every fix (from the step to the next fix), the Gauss–Markov model with velocity (6 states; GSL's Cholesky, structured products).
        if repeats <= 10 { stageBenchmark("track-smoother-stage", TrackSmootherStage.self) }
        if repeats <= 10 { stageBenchmark("track-smoother-stage.doppler", TrackSmootherStage.self, doppler: true) }
    }
}

/// Builds the benchmark tracks.
enum KalmanBenchmarkTrack {
    /// The reference fixes repeated `repeats` times, built on first use and kept for later samples.
    final class Lazy {
        let base: [Fix]
        let repeats: Int
        init(base: [Fix], repeats: Int) {
            self.base = base
            self.repeats = repeats
        }
        private(set) lazy var fixes: [Fix] = KalmanBenchmarkTrack.repeated(base, times: repeats)
        /// The stages' input: the repeated track as a running activity.
        private(set) lazy var input = StageInput(track: Track(activity: .running, fixes: fixes), context: StageContext(label: "kalman"))
        /// The same with a speed (m/s) and course (°) on every fix: those of the step to the next fix.
        private(set) lazy var dopplerInput = StageInput(track: Track(activity: .running, fixes: KalmanBenchmarkTrack.withVelocities(fixes)),
                                                        context: StageContext(label: "kalman"))
    }

    /// The reference input, cleaned as its README says.
    static func referenceFixes() -> [Fix] {
        let text = BenchmarkData.text(BenchmarkData.referenceRunCSVPath)
        var rows: [(row: Int, fix: Fix)] = []
        for (i, line) in text.split(whereSeparator: \.isNewline).dropFirst().enumerated() {
            let c = line.split(separator: ",", omittingEmptySubsequences: false)
            guard c.count >= 6, let t = Double(c[1]), let lat = Double(c[2]), let lon = Double(c[3]), let acc = Double(c[5]), acc > 0 else { continue }
            rows.append((i, Fix(time: t, latitude: lat, longitude: lon, horizontalAccuracy: acc, sourceIndex: i)))
        }
        rows.sort { ($0.fix.time ?? 0, $0.row) < ($1.fix.time ?? 0, $1.row) }
        var fixes: [Fix] = []
        for r in rows where fixes.last?.time != r.fix.time { fixes.append(r.fix) }
        return fixes
    }

    /// `fixes` with each one's speed and course set to those of the step to the next fix (the last keeps the
    /// step before): a stand-in for Doppler velocities, so track-smoother takes its velocity path.
    static func withVelocities(_ fixes: [Fix]) -> [Fix] {
        guard fixes.count > 1, let projection = try? LocalProjection(reference: fixes[0].point) else { return fixes }
        var out = fixes
        for k in out.indices {
            let a = k + 1 < fixes.count ? k : k - 1
            let p = projection.project(fixes[a].point), q = projection.project(fixes[a + 1].point)
            let dt = max(1e-3, (fixes[a + 1].time ?? 0) - (fixes[a].time ?? 0))
            let ve = (q.east - p.east) / dt, vn = (q.north - p.north) / dt
            out[k].speed = (ve * ve + vn * vn).squareRoot()
            out[k].course = (atan2(ve, vn) * 180 / .pi + 360).truncatingRemainder(dividingBy: 360)
        }
        return out
    }

    /// `base` repeated `times` times end to end: copy k starts one second after copy k−1 ends, shifted so its
    /// first fix sits where the previous copy's last fix was.
    static func repeated(_ base: [Fix], times: Int) -> [Fix] {
        guard let first = base.first, let last = base.last, let t0 = first.time, let t1 = last.time else { return base }
        var out: [Fix] = []
        out.reserveCapacity(base.count * times)
        for k in 0..<times {
            let dt = Double(k) * (t1 - t0 + 1)
            let dLat = Double(k) * (last.latitude - first.latitude)
            let dLon = Double(k) * (last.longitude - first.longitude)
            for f in base {
                var g = f
                g.time = (f.time ?? 0) + dt
                g.latitude = f.latitude + dLat
                g.longitude = f.longitude + dLon
                g.sourceIndex = out.count
                out.append(g)
            }
        }
        return out
    }

    /// A core loaded with `fixes` projected about the first, with the reference model.
    static func loadedCore(_ fixes: [Fix]) -> KalmanCore {
        var core = KalmanCore(model: .reference, capacity: fixes.count)
        guard let first = fixes.first, let projection = try? LocalProjection(reference: first.point) else { return core }
        for (k, f) in fixes.enumerated() {
            let (e, n) = projection.project(f.point)
            let acc = f.horizontalAccuracy ?? 5
            core.setMeasurement(k, time: f.time ?? 0, east: e, north: n, variance: acc * acc)
        }
        return core
    }
}
