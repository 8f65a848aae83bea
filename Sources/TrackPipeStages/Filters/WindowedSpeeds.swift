import TrackPipe

/// Speeds averaged over a sliding window of at least ``window`` seconds, one per fix, for a robust maximum
/// speed: a single GPS jump moves one fix, and averaging over the window divides its false distance by the
/// window's length; taking a high percentile of the windowed speeds (rather than their maximum) then ignores
/// the few windows a jump still inflates.
///
/// A window never spans a step that was not counted (segment break, pause) nor a fix without a time: the
/// stretch starts again after one.
struct WindowedSpeeds: Sendable {
    let window: Double
    /// (time, cumulative distance) of the fixes of the current stretch, from `start` on.
    private var samples: [(time: Double, distance: Double)] = []
    private var start = 0
    /// One speed (m/s) per fix that closes a full window.
    private(set) var speeds: [Double] = []

    init(window: Double) {
        self.window = window
    }

    /// Adds the fix at `time` (UTC seconds; `nil` when it has none), where the step into it brought the cumulative
    /// distance to `distanceAfter` (metres); `continues` is whether that step was counted (the run's first fix's
    /// never is). The step's figures rather than the ``DistanceStep``: reading its fixes copies them.
    mutating func add(time: Double?, continues: Bool, distanceAfter: Double) {
        guard let t = time, t.isFinite else { reset(); return }
        if !continues || (samples.last.map { t <= $0.time } ?? false) { reset() }
        samples.append((t, distanceAfter))
        while start + 1 < samples.count, samples[start + 1].time <= t - window { start += 1 }
        let first = samples[start]
        if t - first.time >= window, t > first.time {
            speeds.append((distanceAfter - first.distance) / (t - first.time))
        }
        if start > 4096 {
            samples.removeFirst(start)
            start = 0
        }
    }

    private mutating func reset() {
        samples.removeAll(keepingCapacity: true)
        start = 0
    }

    /// The `p`-th percentile (0…100) of the windowed speeds (``SampleStatistics/percentile(_:of:)``); `nil` when
    /// no window was complete.
    func percentile(_ p: Double) -> Double? {
        SampleStatistics.percentile(p, of: speeds)
    }
}
