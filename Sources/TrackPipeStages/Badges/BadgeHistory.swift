/// Badges across a runner's history, as MoonRunner awards them: pure, no files.
///
/// Runs are ordered by start time (a stable sort: runs without a start keep their given order, after the
/// timed ones). For each badge:
/// - **earned**: the first run whose distance is strictly greater than the badge's;
/// - **silver**: the first *later* run that also passes it with an average speed strictly greater than the
///   earning run's × 1.05; **gold**: the same with × 1.10 (one run can win both);
/// - **best**: the run with the highest average speed among those passing it (earliest on a tie);
/// - while silver or gold is not won: the pace needed, i.e. the earning run's pace ÷ 1.05 (÷ 1.10).
///
/// Average speed = distance / moving time (elapsed time when there is no moving time; with no pause
/// detection they are equal), or distance / elapsed time when the runs' ``RunSummary/speedBasis`` is
/// ``SpeedBasis/elapsed``. A run without a time can earn a badge but not silver, gold or best; when the
/// earning run has no time, silver and gold cannot be judged.
///
/// The factor comparisons are exact: `v > v₀ × 21/20` is evaluated as `d·t₀·20 > 21·d₀·t`, so a run at
/// exactly 1.05 × the earning speed wins nothing, whatever the rounding of 1.05 in binary.
public enum BadgeHistory {
    /// Silver and gold speed factors as exact fractions (numerator, denominator): 1.05 and 1.10.
    public static let silverFactor = (numerator: 21.0, denominator: 20.0)
    public static let goldFactor = (numerator: 11.0, denominator: 10.0)

    public static func evaluate(runs: [RunSummary], catalog: BadgeCatalog) -> [BadgeStatus] {
        let order = runs.indices.sorted { a, b in
            switch (runs[a].start, runs[b].start) {
            case let (x?, y?): return x < y || (x == y && a < b)
            case (_?, nil): return true
            case (nil, _?): return false
            case (nil, nil): return a < b
            }
        }
        return catalog.badges.map { badge in
            var status = BadgeStatus(badge: badge)
            let passing = order.filter { runs[$0].distance.isFinite && badge.isEarned(byDistance: runs[$0].distance) }
            guard let first = passing.first else { return status }
            let earner = runs[first]
            status.earned = BadgeAward(runIndex: first, run: earner)
            var bestIndex: Int?
            for i in passing where runs[i].averageSpeed != nil {
                if let b = bestIndex, !isFaster(runs[i], than: runs[b], factor: (1, 1)) { continue }
                bestIndex = i
            }
            status.best = bestIndex.map { BadgeAward(runIndex: $0, run: runs[$0]) }
            guard let t0 = earner.timeForSpeed, earner.distance > 0 else { return status }
            let later = passing.dropFirst()
            status.silver = later.first { isFaster(runs[$0], than: earner, factor: silverFactor) }.map { BadgeAward(runIndex: $0, run: runs[$0]) }
            status.gold = later.first { isFaster(runs[$0], than: earner, factor: goldFactor) }.map { BadgeAward(runIndex: $0, run: runs[$0]) }
            let pace = t0 / earner.distance
            if status.silver == nil { status.silverPaceNeeded = pace * silverFactor.denominator / silverFactor.numerator }
            if status.gold == nil { status.goldPaceNeeded = pace * goldFactor.denominator / goldFactor.numerator }
            return status
        }
    }

    /// True when `run`'s average speed is strictly greater than `reference`'s × numerator/denominator,
    /// compared as `d·t₀·den > num·d₀·t` (no division, so exact for exact inputs). False when either has no time.
    public static func isFaster(_ run: RunSummary, than reference: RunSummary, factor: (numerator: Double, denominator: Double)) -> Bool {
        guard let t = run.timeForSpeed, let t0 = reference.timeForSpeed else { return false }
        return run.distance * t0 * factor.denominator > factor.numerator * reference.distance * t
    }
}
