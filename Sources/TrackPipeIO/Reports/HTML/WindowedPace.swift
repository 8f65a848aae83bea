import TrackPipe

/// A run's pace at each fix over the last ``window`` seconds of its segment, as the HTML report colours the
/// route and draws the pace chart: a step's own pace, from positions a second apart, is mostly their noise.
enum WindowedPace {
    /// Seconds of track the pace is measured over.
    static let window = 10.0

    /// One value per fix, seconds per metre: the time between the fix and the latest earlier fix of its
    /// segment at least a window before it, over the distance along the fixes between them (measured in
    /// `frame`). Nil for a paused fix or one without a time, before a window has passed, and where the distance
    /// is under 1 m (standing still has no pace).
    static func values(_ fixes: [Fix], frame: ReportMapFrame) -> [Double?] {
        var out: [Double?] = []
        out.reserveCapacity(fixes.count)
        var cumulative: [Double] = []
        cumulative.reserveCapacity(fixes.count)
        var j = 0
        for i in fixes.indices {
            if i == 0 || fixes[i].segment != fixes[i - 1].segment {
                j = i
                cumulative.append(0)
            } else {
                cumulative.append(cumulative[i - 1] + frame.distance(fixes[i - 1].point, fixes[i].point))
            }
            guard let t = fixes[i].time, !fixes[i].paused else { out.append(nil); continue }
            // Advance j (never past the segment's start, set above) while the next fix is still a window back.
            while j + 1 < i, let next = fixes[j + 1].time, t - next >= window { j += 1 }
            var value: Double?
            if j < i, let tj = fixes[j].time, t - tj >= window {
                let d = cumulative[i] - cumulative[j]
                if d >= 1 { value = (t - tj) / d }
            }
            out.append(value)
        }
        return out
    }
}
