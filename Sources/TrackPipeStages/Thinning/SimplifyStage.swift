import TrackPipe

/// `simplify`: offline Douglas–Peucker simplification with an error bound in metres. Every dropped fix lies within
/// `tolerance` of the simplified line (the straight steps between the kept fixes that bracket it); kept fixes keep
/// their positions and timestamps. The path length change is published as `simplify-length-change`.
///
/// Work is bounded by the input size: each segment is simplified in spans of at most ``maximumSpan`` fixes that stay
/// within ``maximumSpanRadius`` of their first fix (the span ends are kept), so the O(n²) worst case of
/// Douglas–Peucker costs at most ``maximumSpan`` distance evaluations per fix, and the local flat-earth frame of a
/// span is accurate to well under 0.1 % of the tolerance. Within 1° of a pole, where that frame is undefined,
/// fixes are kept.
public struct SimplifyStage: Stage {
    public enum SummaryKey {
        /// Simplified path length minus input path length, metres (≤ 0).
        public static let lengthChange = "simplify-length-change"
    }

    /// Most fixes simplified together; span ends are always kept.
    public static let maximumSpan = 512
    /// Farthest a fix of a span may be from the span's first fix, metres (the local frame's accuracy bound).
    public static let maximumSpanRadius = 5_000.0

    public static let descriptor = StageDescriptor(
        name: "simplify",
        summary: "Douglas–Peucker simplification: drop fixes that lie within tolerance metres of the simplified line.",
        discussion: """
            Offline. Keeps the first and last fix of every segment and the fewest fixes Douglas–Peucker finds such \
            that every dropped fix lies within tolerance metres of the straight step between the kept fixes on \
            either side of it (rule tolerance; the drop's measured value is that distance). Kept fixes keep their \
            positions and times. Spans of at most 512 fixes within 5 km of their first fix are simplified \
            separately (their ends kept), which bounds the work per fix. The simplified path is never longer than \
            the input; the change is published as simplify-length-change (metres). Positions only: a fix where the \
            runner stood still is dropped like any other, so put auto-pause and distance before it when their \
            figures should come from the full track.
            """,
        parameters: [
            .number("tolerance", unit: .metres, default: 1, range: .closed(0.01, 1_000),
                    help: "Largest distance from a dropped fix to the simplified line, metres. Default 1 m: the largest tried that moves the drawn line no farther from the true path (p95 within 0.1 m; 0.14 m on heavy-warm-up-doppler) on the bundled simulated runs, keeping 7–15 % of the fixes (5–8 % of the -doppler runs', whose smoothed track is straighter)."),
        ],
        guarantees: [.preservesOrder, .preservesPositions], drops: .leftOut)

    /// Metres.
    public var tolerance: Double

    public init(parameters: StageParameters) throws {
        tolerance = try parameters.number("tolerance")
    }

    public func run(_ input: StageInput) throws -> StageOutput {
        let fixes = input.fixes
        var out = StageEmitter(label: input.context.label)
        var simplifier = DouglasPeucker()
        var kept = [Bool](repeating: true, count: fixes.count)
        var offset = [Double](repeating: 0, count: fixes.count)
        // Path length in and kept, metres: measured in each span's frame (no trigonometry per fix).
        var before = 0.0, after = 0.0
        var start = 0
        while start < fixes.count {
            let origin = fixes[start]
            var end = start
            if let frame = TangentFrame(origin: origin.point) {
                simplifier.removeAll()
                simplifier.append(east: 0, north: 0)
                while end + 1 < fixes.count, fixes[end + 1].segment == origin.segment, end + 1 - start < Self.maximumSpan {
                    let (east, north) = frame.project(fixes[end + 1].point)
                    guard east * east + north * north <= Self.maximumSpanRadius * Self.maximumSpanRadius else { break }
                    simplifier.append(east: east, north: north)
                    end += 1
                }
                if end - start >= 2 { simplifier.simplify(tolerance: tolerance) } else { simplifier.keepAll() }
                var lastKept = 0
                for k in 1..<(end - start + 1) {
                    before += simplifier.length(from: k - 1, to: k)
                    if simplifier.kept[k] {
                        after += simplifier.length(from: lastKept, to: k)
                        lastKept = k
                    } else {
                        kept[start + k] = false
                        offset[start + k] = simplifier.offset[k]
                    }
                }
            }
            // The next span starts at this span's last fix when the segment goes on past it; else after it — and a
            // step to the next fix that no span holds (beyond 5 km, or near a pole) joins two kept fixes.
            let segmentGoesOn = end + 1 < fixes.count && fixes[end + 1].segment == origin.segment
            if segmentGoesOn && end == start {
                let step = Geodesy.distance(fixes[end].point, fixes[end + 1].point)
                before += step
                after += step
            }
            start = end > start && segmentGoesOn ? end : end + 1
        }
        let keptCount = kept.count { $0 }
        out.reserveCapacity(kept: keptCount, dropped: fixes.count - keptCount)
        for (i, fix) in fixes.enumerated() {
            if kept[i] {
                out.keep(fix)
            } else {
                out.drop(fix, rule: "tolerance", measured: offset[i], threshold: tolerance, unit: .metres)
            }
        }
        out.summarizeLengthChange(key: SummaryKey.lengthChange, stage: "simplify", before: before, after: after)
        return out.output
    }
}
