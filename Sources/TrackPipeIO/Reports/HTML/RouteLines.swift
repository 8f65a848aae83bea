import TrackPipe

/// The kept track as SVG: per segment, polylines whose steps share a pace colour (``PaceColourScale``), so a
/// segment of n fixes is drawn with exactly n vertices once the polylines' shared ends are counted once.
/// A step takes the pace at its later fix over the last 10 s (``WindowedPace``), or its own pace where no
/// window has passed yet: colours then change where the runner's pace does, not with every fix's noise (a
/// 50 000-fix run coloured step by step needed a polyline per step). A step whose bin is next to the current
/// line's continues that line in its colour, so a line changes colour only when the pace moves by more than a
/// sixteenth of the scale (20 000 → 8 500 polylines on that run; no step is off by more than one bin).
/// A step with a paused fix at either end is grey; without times a step has no pace and takes the route's plain colour. A segment of one fix is a dot.
struct RouteLines {
    let svg: String
    let scale: PaceColourScale?
    static let pausedColour = "#8c8c8c"
    static let plainColour = "#3b4cc0"

    /// `paces`: one per fix of `track` (``WindowedPace/values(_:frame:)``).
    init(track: Track, paces: [Double?], frame: ReportMapFrame) {
        let segments = track.segments
        func pace(_ a: Fix, _ b: Fix, at index: Int) -> Double? {
            guard !a.paused, !b.paused else { return nil }
            if index < paces.count, let p = paces[index] { return p }
            guard let ta = a.time, let tb = b.time, tb > ta else { return nil }
            let d = frame.distance(a.point, b.point)
            return d > 0 ? (tb - ta) / d : .infinity
        }
        var stepPaces: [Double] = []
        for segment in segments {
            var i = segment.startIndex
            while i + 1 < segment.endIndex {
                if let p = pace(segment[i], segment[i + 1], at: i + 1), p.isFinite { stepPaces.append(p) }
                i += 1
            }
        }
        let scale = PaceColourScale(paces: stepPaces)
        self.scale = scale
        var svg = ""
        for (k, segment) in segments.enumerated() {
            guard let first = segment.first else { continue }
            if segment.count == 1 {
                svg += "<path class=\"route-dot\" data-segment=\"\(k)\" d=\"M\(frame.text(first.point))h0\"/>"
                continue
            }
            var points = frame.text(first.point)
            var current: Shade?
            var i = segment.startIndex
            while i + 1 < segment.endIndex {
                let a = segment[i], b = segment[i + 1]
                var shade: Shade
                if a.paused || b.paused {
                    shade = .paused
                } else if let p = pace(a, b, at: i + 1), let scale {
                    shade = .bin(scale.bin(p))
                } else {
                    shade = .plain
                }
                // A step one bin from the line's keeps the line going (see the type's note).
                if case .bin(let c)? = current, case .bin(let n) = shade, abs(n - c) <= 1 { shade = .bin(c) }
                if let current, current != shade {
                    svg += "<polyline class=\"route\" data-segment=\"\(k)\" stroke=\"\(current.colour)\" points=\"\(points)\"/>"
                    points = frame.text(a.point)
                }
                current = shade
                points += " " + frame.text(b.point)
                i += 1
            }
            if let current { svg += "<polyline class=\"route\" data-segment=\"\(k)\" stroke=\"\(current.colour)\" points=\"\(points)\"/>" }
        }
        self.svg = svg
    }

    /// A step's colour: a pace bin, paused, or no pace.
    enum Shade: Equatable {
        case bin(Int)
        case paused
        case plain

        var colour: String {
            switch self {
            case .bin(let b): return PaceColourScale.colour(bin: b)
            case .paused: return RouteLines.pausedColour
            case .plain: return RouteLines.plainColour
            }
        }
    }

    /// The colour ramp with its paces at the ends and the middle, in `units`.
    func legend(units: UnitSystem) -> String {
        guard let scale else { return "<div class=\"legend pace-legend\"><b>pace</b> no times: the route has one colour</div>" }
        let stops = (0..<PaceColourScale.bins).map { PaceColourScale.colour(bin: $0) }.joined(separator: ",")
        let middle = scale.pace(atBin: (PaceColourScale.bins - 1) / 2)
        return "<div class=\"legend pace-legend\"><b>pace</b> <span>\(RunFormatter.pace(secondsPerMetre: scale.slow, units: units)) or slower</span>"
            + "<i class=\"ramp\" style=\"background:linear-gradient(to right,\(stops))\"></i>"
            + "<span>\(RunFormatter.pace(secondsPerMetre: scale.fast, units: units)) or faster</span>"
            + " <span class=\"note\">(middle \(RunFormatter.pace(secondsPerMetre: middle, units: units)); ends at the 5th and 95th percentiles; grey: paused)</span></div>"
    }
}
