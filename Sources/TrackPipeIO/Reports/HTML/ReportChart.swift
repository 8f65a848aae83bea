/// One chart under a report's map: one or more series against the run's elapsed time, drawn as SVG polylines
/// in a 1000 × 100 box stretched to the page's width (strokes keep their width). All charts of a run share the
/// time axis, so the page's cursor can move across them and the map together.
struct ReportChart {
    struct Series {
        var name: String
        /// CSS class giving the series its colour (`series-raw`, `series-kept`, …).
        var cssClass: String
        /// Elapsed seconds since the run's first time, and the value (nil breaks the line).
        var points: [(time: Double, value: Double?)]
    }

    /// Name for the chart's data attribute and caption, e.g. `pace`.
    var key: String
    var caption: String
    var series: [Series]
    /// Larger values drawn lower (pace: faster is up).
    var inverted: Bool
    /// Text of a value on the y axis, in the report's units.
    var label: (Double) -> String
    /// The values' range is the 2nd…98th percentile of all series (so one spike does not flatten the chart)
    /// when true, the full range otherwise.
    var robust: Bool

    static let width = 1000.0
    static let height = 100.0
    /// Buckets per chart unit for thinning a long series (see `html(duration:)`): 1000 units wide, so at most
    /// 2 × 1000 × this many vertices per series.
    static let bucketsPerUnit = 1
    /// Margin at top and bottom, in chart units, so lines at the range's ends stay visible.
    static let margin = 4.0

    /// Whether any series has a value: an empty chart is left out of the page.
    var hasValues: Bool { series.contains { $0.points.contains { $0.value != nil } } }

    func html(duration: Double) -> String {
        var values: [Double] = []
        for s in series { for p in s.points { if let v = p.value, v.isFinite { values.append(v) } } }
        values.sort()
        guard !values.isEmpty else { return "" }
        var low = robust ? PaceColourScale.percentile(values, 0.02) : values[0]
        var high = robust ? PaceColourScale.percentile(values, 0.98) : values[values.count - 1]
        if high <= low { let pad = max(abs(low) * 0.05, 1); low -= pad; high += pad }
        let span = duration > 0 ? duration : 1
        func y(_ v: Double) -> Double {
            let t = (min(max(v, low), high) - low) / (high - low)
            let up = inverted ? 1 - t : t
            return Self.margin + (1 - up) * (Self.height - 2 * Self.margin)
        }
        var svg = "<svg class=\"chart-svg\" viewBox=\"0 0 1000 100\" preserveAspectRatio=\"none\" role=\"img\" aria-label=\"\(XMLText.escape(caption, attribute: true))\">"
        for s in series {
            var points = ""
            func flush() {
                if !points.isEmpty { svg += "<polyline class=\"series \(s.cssClass)\" points=\"\(points)\"/>" }
                points = ""
            }
            func add(_ x: Double, _ v: Double) {
                if !points.isEmpty { points += " " }
                points += ReportNumber.decimetres(x) + "," + ReportNumber.decimetres(y(v))
            }
            // At most the lowest and the highest value per chart unit (the chart is 1000 units across the page's
            // width, so a unit is about a screen pixel), in their order: a long run's chart stays small and its spikes stay drawn.
            var bucket = -1
            var low: (x: Double, v: Double)?, high: (x: Double, v: Double)?
            func emit() {
                guard let l = low, let h = high else { return }
                if l.x == h.x && l.v == h.v { add(l.x, l.v) } else if l.x <= h.x { add(l.x, l.v); add(h.x, h.v) } else { add(h.x, h.v); add(l.x, l.v) }
                low = nil; high = nil
            }
            for p in s.points {
                guard let v = p.value, v.isFinite, p.time.isFinite else { emit(); flush(); continue }
                let x = p.time / span * Self.width
                let b = Int((x * Double(Self.bucketsPerUnit)).rounded(.down))
                if b != bucket { emit(); bucket = b }
                if (low.map { v < $0.v }) ?? true { low = (x, v) }
                if (high.map { v > $0.v }) ?? true { high = (x, v) }
            }
            emit()
            flush()
        }
        svg += "<line class=\"cursor-line\" x1=\"0\" x2=\"0\" y1=\"0\" y2=\"100\" visibility=\"hidden\"/></svg>"
        let top = inverted ? label(low) : label(high)
        let bottom = inverted ? label(high) : label(low)
        let legend = series.count > 1
            ? series.map { "<span class=\"key \($0.cssClass)\">\(XMLText.escape($0.name))</span>" }.joined(separator: " ") : ""
        return "<figure class=\"chart\" data-chart=\"\(key)\"><figcaption>\(XMLText.escape(caption)) \(legend)</figcaption>"
            + "<div class=\"chart-body\"><div class=\"y-labels\"><span>\(XMLText.escape(top))</span><span>\(XMLText.escape(bottom))</span></div>"
            + svg + "</div></figure>"
    }
}
