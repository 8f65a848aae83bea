/// Personal bests: the fastest time a runner covered a standard distance within one run, as running apps list
/// "best efforts". Measured on a run's stored points (time, cumulative distance): for every point, the time
/// back to where the run was exactly the distance before it (interpolated between the two points around
/// that place); the smallest such time. Clock time, pauses included — a stretch with a stop is slower, as
/// on a race clock.
public enum PersonalBests {
    /// The distances measured: name and metres.
    public static let distances: [(name: String, metres: Double)] = [
        ("1 km", 1000), ("1 mile", 1609.344), ("5 km", 5000), ("10 km", 10_000), ("half marathon", 21_097.5), ("marathon", 42_195),
    ]

    /// The fastest time to cover `metres` in `points` (time and cumulative distance in order, distance never
    /// decreasing), or nil when the run is shorter. O(n): the start of the window only moves forward.
    public static func fastest(_ points: [(time: Double, distance: Double)], over metres: Double) -> Double? {
        guard metres > 0, let first = points.first, let last = points.last, last.distance - first.distance >= metres else { return nil }
        var best: Double?
        var j = 0
        for i in points.indices {
            let target = points[i].distance - metres
            guard target >= first.distance else { continue }
            // The last point at or before the target place.
            while j + 1 < i, points[j + 1].distance <= target { j += 1 }
            let a = points[j], b = points[j + 1 < points.count ? j + 1 : j]
            let startTime = b.distance > a.distance ? a.time + (b.time - a.time) * (target - a.distance) / (b.distance - a.distance) : a.time
            let time = points[i].time - startTime
            if time > 0, best.map({ time < $0 }) ?? true { best = time }
        }
        return best
    }
}
