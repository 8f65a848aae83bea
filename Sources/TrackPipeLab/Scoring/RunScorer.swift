import TrackPipe

/// Scores a pipeline's result against a dataset's ground truth. Pure: the same result and truth give the
/// same score.
///
/// Definitions (all with per-fix truth unless said):
/// - **Distance**: the pipeline's `distance` summary figure; without one, the kept track measured with
///   `DistanceAccumulator` (segments and pauses respected). True distance: the truth's cumulative distance
///   from its earliest to its latest fix (true time); without per-fix truth the known distance, else the
///   route line's length.
/// - **Position error**: each kept fix against the true position of the same fix (matched by source index,
///   so a faulty clock does not shift the comparison): RMSE, 95th percentile, maximum.
/// - **Cross-track** (route truth): each kept fix's distance to the route line.
/// - **Moved** (no truth needed): each kept fix's distance from its recorded position — the position before the
///   first change any stage made to it (`PipelineResult.changed`), 0 when none moved it; made fixes are left out.
/// - **Moving time**: the pipeline's `moving-time` summary figure against the truth's: in true-time order,
///   the sum of the time steps into fixes at which the runner was moving (the rule the `distance` stage
///   uses for steps into paused fixes).
/// - **Pauses** (needs the `pauses` annotation, i.e. `auto-pause`): time overlap between the pipeline's pause
///   intervals (their first and last fix mapped to true time) and the true stops (runs of consecutive
///   stopped fixes in true-time order, first to last stopped fix). Without per-fix truth, against the device's
///   own timer pauses (``GroundTruth/pauses``, a FIT file's timer stop → start), in the track's clock. A device
///   that stops recording while its timer is stopped leaves no fixes in the pause for auto-pause to find:
///   recall then says how much of the device's pausing the fixes could not show.
/// - **Anomalies**: a dropped fix whose truth has an anomaly is a true positive. For kind k:
///   recall = dropped fixes of kind k ÷ fixes of kind k; precision = dropped fixes of kind k ÷ (those +
///   dropped ordinary fixes) — a drop of another anomaly kind is neither right nor wrong for k. `any`:
///   dropped anomalous fixes ÷ all dropped, and ÷ all anomalous. Drops by stages that leave valid fixes out
///   (`StageDescriptor.drops` `.leftOut`: thinning, privacy zones) are not detections and do not count.
public enum RunScorer {
    /// The summary keys read from the pipeline's result.
    public static let distanceKey = "distance"
    public static let movingTimeKey = "moving-time"

    public static func score(_ result: PipelineResult, truth: GroundTruth) -> RunScore {
        var score = RunScore(pipeline: result.provenance.pipelineName, truth: truth.kind, records: result.input.records,
                             kept: result.track.fixes.count, dropped: result.dropped.count,
                             runtime: result.stages.reduce(0) { $0 + $1.wallTime })
        for stage in result.stages {
            for (rule, n) in stage.dropsByRule where n > 0 { score.dropsByRule["\(stage.label)/\(rule)", default: 0] += n }
        }
        score.moved = moved(result)
        if let reported = result.summaryValue(distanceKey) {
            score.distance = reported
        } else {
            score.distance = measuredDistance(result.track)
            score.notes.append("distance measured on the kept track (the pipeline has no distance stage)")
        }
        let line = truth.route.flatMap(RouteLine.init)

        if let rows = truth.fixes {
            scorePerFix(result, rows: rows, into: &score)
        } else {
            if let devicePauses = truth.pauses {
                if let predicted = result.annotations[PauseIntervalsKey.self] {
                    score.pauses = overlap(predicted: predicted.map { TimeSpan(start: $0.start, end: $0.end) }, actual: devicePauses)
                    score.notes.append("pauses scored against the device's timer pauses")
                } else {
                    score.skipped.append("pauses: the pipeline has no pause intervals (no auto-pause)")
                }
            }
            score.skipped.append("position error, moving time, \(truth.pauses == nil ? "pauses, " : "")anomalies: no per-fix truth")
            if let known = truth.knownDistance {
                score.trueDistance = known
            } else if let line {
                score.trueDistance = line.length
                score.notes.append("true distance = length of the route line")
            }
        }
        if truth.route != nil {
            if let line {
                score.crossTrack = ErrorStatistics(result.track.fixes.map { line.crossTrackDistance($0.point) })
            } else {
                score.skipped.append("cross-track: the route line cannot be used (fewer than two points, or near a pole)")
            }
        } else if truth.fixes == nil {
            score.skipped.append("cross-track: no route")
        }
        if let d = score.distance, let t = score.trueDistance {
            score.distanceError = d - t
            score.distanceErrorPercent = t > 0 ? (d - t) / t * 100 : nil
        } else if score.trueDistance == nil {
            score.skipped.append("distance error: no true distance")
        }
        return score
    }

    /// Each kept fix's distance from where it was recorded, metres (see ``RunScore/moved``); `nil` when no fix was kept.
    public static func moved(_ result: PipelineResult) -> ErrorStatistics? {
        // The recorded position: the original of the first change made to each fix.
        var recorded: [Int: GeoPoint] = [:]
        recorded.reserveCapacity(result.changed.count)
        for change in result.changed where recorded[change.original.sourceIndex] == nil {
            recorded[change.original.sourceIndex] = GeoPoint(latitude: change.original.latitude, longitude: change.original.longitude)
        }
        let made = Set(result.made.map(\.sourceIndex))
        var distances: [Double] = []
        distances.reserveCapacity(result.track.fixes.count)
        for fix in result.track.fixes where !made.contains(fix.sourceIndex) {
            distances.append(recorded[fix.sourceIndex].map { Geodesy.local($0, fix.point) } ?? 0)
        }
        return ErrorStatistics(distances)
    }

    static func measuredDistance(_ track: Track) -> Double {
        var accumulator = DistanceAccumulator()
        for fix in track.fixes { accumulator.advance(fix) }
        return accumulator.distance
    }

    /// Steps of the kept line searched on either side of the step that brackets a true position in source order.
    public static let lineWindow = 1

    /// Each true position's distance to the kept line, metres: to the nearest of the steps (within a segment) around
    /// the one drawn across the position's moment — from the last kept fix before it to the first at or after it
    /// in source order, and ``lineWindow`` steps either side. Where the runner was *then*, not anywhere on the
    /// line, so a lap that passes the same place does not hide a cut corner; cost linear. Nil with fewer than two
    /// kept fixes.
    public static func lineError(_ kept: [Fix], truth rows: [FixTruth], made: [MadeFix] = []) -> ErrorStatistics? {
        guard kept.count >= 2, let frame = try? LocalProjection(reference: kept[0].point) else { return nil }
        let planar = kept.map { frame.project($0.point) }
        // A made fix (resampling) sorts just after the fix it was made from (its own index is above every record).
        let from = Dictionary(made.map { ($0.sourceIndex, $0.from) }, uniquingKeysWith: { a, _ in a })
        let key = kept.map { f in from[f.sourceIndex].map { Double($0) + 0.5 } ?? Double(f.sourceIndex) }
        let bySource = kept.indices.sorted { key[$0] != key[$1] ? key[$0] < key[$1] : $0 < $1 }
        var errors: [Double] = []
        errors.reserveCapacity(rows.count)
        for row in rows {
            var lo = 0, hi = bySource.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if key[bySource[mid]] < Double(row.sourceIndex) { lo = mid + 1 } else { hi = mid }
            }
            let k = bySource[min(lo, bySource.count - 1)]
            let p = frame.project(row.point)
            var best = Double.infinity
            for j in max(1, k - lineWindow)...min(kept.count - 1, k + lineWindow) {
                let a = planar[j - 1], b = planar[j]
                if kept[j - 1].segment == kept[j].segment {
                    best = min(best, Planar.distance(from: p, toSegmentFrom: a, to: b))
                } else {
                    // No line between segments; each end is still drawn (a one-fix segment is a point).
                    best = min(best, Planar.distance(from: p, toSegmentFrom: a, to: a), Planar.distance(from: p, toSegmentFrom: b, to: b))
                }
            }
            errors.append(best)
        }
        return ErrorStatistics(errors)
    }

    /// The true position at recorded time `t`, linear between the two rows around it (`rows` by time); `nil`
    /// outside them or when they are more than 10 s apart (a gap: the path between is unknown).
    static func interpolatedTruth(_ rows: [FixTruth], at t: Double) -> GeoPoint? {
        var lo = 0, hi = rows.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if rows[mid].time <= t { lo = mid + 1 } else { hi = mid }
        }
        guard lo > 0, lo < rows.count else { return nil }
        let a = rows[lo - 1], b = rows[lo]
        guard b.time > a.time, b.time - a.time <= 10 else { return a.time == t ? a.point : nil }
        let u = (t - a.time) / (b.time - a.time)
        return GeoPoint(latitude: a.point.latitude + u * (b.point.latitude - a.point.latitude),
                        longitude: a.point.longitude + u * (b.point.longitude - a.point.longitude))
    }

    static func scorePerFix(_ result: PipelineResult, rows: [FixTruth], into score: inout RunScore) {
        var bySource: [Int: FixTruth] = [:]
        for row in rows { bySource[row.sourceIndex] = row }
        let ordered = rows.sorted { $0.trueTime < $1.trueTime || ($0.trueTime == $1.trueTime && $0.sourceIndex < $1.sourceIndex) }
        // Distance.
        if let first = ordered.first, let last = ordered.last {
            score.trueDistance = last.cumulativeDistance - first.cumulativeDistance
        }
        // Position error.
        var errors: [Double] = []
        var unmatched = 0
        // A fix a stage made (resampling) has no row: it is scored against the truth interpolated at its time
        // between the rows around it (rows by their recorded time, the fixes' clock).
        // Sorted only when a kept fix has no row (the usual run has none).
        var byTime: [FixTruth] = [], sortedByTime = false
        for fix in result.track.fixes {
            if let row = bySource[fix.sourceIndex] {
                errors.append(Geodesy.distance(fix.point, row.point))
                continue
            }
            if !sortedByTime {
                byTime = rows.filter { $0.time.isFinite }.sorted { $0.time < $1.time }
                sortedByTime = true
            }
            if let t = fix.time, let truth = interpolatedTruth(byTime, at: t) {
                errors.append(Geodesy.distance(fix.point, truth))
            } else {
                unmatched += 1
            }
        }
        score.position = ErrorStatistics(errors)
        score.lineError = lineError(result.track.fixes, truth: rows, made: result.made)
        if unmatched > 0 { score.notes.append("\(unmatched) kept fixes have no truth row (not scored for position)") }
        // Moving time.
        var trueMoving = 0.0
        for i in ordered.indices.dropFirst() where ordered[i].moving { trueMoving += ordered[i].trueTime - ordered[i - 1].trueTime }
        score.trueMovingTime = trueMoving
        score.movingTime = result.summaryValue(movingTimeKey)
        if score.movingTime == nil { score.skipped.append("moving time: the pipeline reports no moving-time") }
        // Pauses.
        let trueStops = stops(ordered)
        if let predicted = result.annotations[PauseIntervalsKey.self] {
            let spans = predicted.map { p in
                TimeSpan(start: bySource[p.firstSourceIndex]?.trueTime ?? p.start, end: bySource[p.lastSourceIndex]?.trueTime ?? p.end)
            }
            score.pauses = overlap(predicted: spans, actual: trueStops)
        } else {
            score.skipped.append("pauses: the pipeline has no pause intervals (no auto-pause)")
        }
        // Anomalies.
        // Only judged drops: a fix thinned away or hidden in a privacy zone is not a claim that it was wrong.
        let leftOut = Set(result.stages.filter { $0.drops == .leftOut }.map(\.label))
        let droppedSet = Set(result.dropped.lazy.filter { !leftOut.contains($0.stage) }.map(\.sourceIndex))
        let droppedOrdinary = Double(rows.filter { $0.anomaly == .none && droppedSet.contains($0.sourceIndex) }.count)
        var anyCorrect = 0.0, anyActual = 0.0
        for kind in AnomalyKind.anomalies {
            let actual = rows.filter { $0.anomaly == kind }
            guard !actual.isEmpty else { continue }
            let correct = Double(actual.filter { droppedSet.contains($0.sourceIndex) }.count)
            score.anomalies[kind.rawValue] = PrecisionRecall(correct: correct, predicted: correct + droppedOrdinary, actual: Double(actual.count))
            anyCorrect += correct
            anyActual += Double(actual.count)
        }
        score.anomalies["any"] = PrecisionRecall(correct: anyCorrect, predicted: anyCorrect + droppedOrdinary, actual: anyActual)
    }

    /// Runs of consecutive stopped fixes (rows in true-time order), first to last stopped fix.
    public static func stops(_ ordered: [FixTruth]) -> [TimeSpan] {
        var spans: [TimeSpan] = []
        var start: Double?
        var last = 0.0
        for row in ordered {
            if !row.moving {
                if start == nil { start = row.trueTime }
                last = row.trueTime
            } else if let s = start {
                spans.append(TimeSpan(start: s, end: last))
                start = nil
            }
        }
        if let s = start { spans.append(TimeSpan(start: s, end: last)) }
        return spans
    }

    /// Precision and recall of `predicted` intervals against `actual` ones, by seconds of overlap. Intervals
    /// within each list are assumed not to overlap each other.
    public static func overlap(predicted: [TimeSpan], actual: [TimeSpan]) -> PrecisionRecall {
        var correct = 0.0
        for p in predicted { for a in actual { correct += p.overlap(a) } }
        return PrecisionRecall(correct: correct, predicted: predicted.reduce(0) { $0 + $1.duration },
                               actual: actual.reduce(0) { $0 + $1.duration })
    }
}
