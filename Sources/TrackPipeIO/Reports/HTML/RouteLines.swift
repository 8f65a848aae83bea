import TrackPipe

/// The kept track as SVG: per segment, polylines whose steps share a pace colour (``PaceColourScale``), so a
/// segment of n fixes is drawn with exactly n vertices once the polylines' shared ends are counted once.
/// A step with a paused fix at either end is grey; without times a step has no pace and takes the route's
/// plain colour. A segment of one fix is a dot.
struct RouteLines {
    let svg: String
    let scale: PaceColourScale?
    static let pausedColour = "#8c8c8c"
    static let plainColour = "#3b4cc0"

    init(segments: [ArraySlice<Fix>], frame: ReportMapFrame) {
        func pace(_ a: Fix, _ b: Fix) -> Double? {
            guard !a.paused, !b.paused, let ta = a.time, let tb = b.time, tb > ta else { return nil }
            let d = Geodesy.distance(a.point, b.point)
            return d > 0 ? (tb - ta) / d : .infinity
        }
        var paces: [Double] = []
        for segment in segments {
            var i = segment.startIndex
            while i + 1 < segment.endIndex {
                if let p = pace(segment[i], segment[i + 1]), p.isFinite { paces.append(p) }
                i += 1
            }
        }
        let scale = PaceColourScale(paces: paces)
        self.scale = scale
        var svg = ""
        for (k, segment) in segments.enumerated() {
            guard let first = segment.first else { continue }
            if segment.count == 1 {
                svg += "<path class=\"route-dot\" data-segment=\"\(k)\" d=\"M\(frame.text(first.point))h0\"/>"
                continue
            }
            var points = frame.text(first.point)
            var colour: String?
            var i = segment.startIndex
            while i + 1 < segment.endIndex {
                let a = segment[i], b = segment[i + 1]
                let stepColour: String
                if a.paused || b.paused {
                    stepColour = Self.pausedColour
                } else if let p = pace(a, b), let scale {
                    stepColour = PaceColourScale.colour(bin: scale.bin(p))
                } else {
                    stepColour = Self.plainColour
                }
                if let current = colour, current != stepColour {
                    svg += "<polyline class=\"route\" data-segment=\"\(k)\" stroke=\"\(current)\" points=\"\(points)\"/>"
                    points = frame.text(a.point)
                }
                colour = stepColour
                points += " " + frame.text(b.point)
                i += 1
            }
            if let colour { svg += "<polyline class=\"route\" data-segment=\"\(k)\" stroke=\"\(colour)\" points=\"\(points)\"/>" }
        }
        self.svg = svg
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
