import TrackPipe

/// One run's section of an HTML report: the map with its layers (recorded fixes, kept track coloured by pace,
/// moved fixes, drops, pauses, segment gaps, splits, badges), the summary and stage tables, and the charts
/// sharing one time axis with a cursor on the map.
enum RunReportSection {
    static func html(_ view: RunReportView, index: Int, units: UnitSystem) -> String {
        let result = view.result
        let kept = result.track.fixes
        let recorded = view.recorded.fixes
        let pauses = result.annotations[PauseIntervalsKey.self] ?? []
        let drawnDrops = result.dropped.filter { $0.fix != nil }
        var fit = recorded.map(\.point)
        fit += kept.map(\.point)
        fit += view.markers.map(\.point)
        for change in result.changed { fit.append(change.original.point); fit.append(change.updated.point) }
        let frame = ReportMapFrame(fitting: fit)
        let times = (recorded.compactMap(\.time) + kept.compactMap(\.time)).filter(\.isFinite)
        let start = times.min()
        let duration = (times.max() ?? 0) - (start ?? 0)
        func elapsed(_ t: Double?) -> Double? { t.flatMap { t in start.map { t - $0 } } }

        var layers: [ReportLayer] = []
        var svg = ""
        // Recorded fixes: one path of zero-length strokes, each drawn as a round dot.
        if !recorded.isEmpty {
            svg += "<g data-layer=\"recorded\"><path class=\"recorded\" d=\"\(dots(recorded.map(\.point), frame))\"/></g>"
            layers.append(ReportLayer(key: "recorded", label: "recorded fixes", count: recorded.count))
        }
        // Gaps between segments.
        let segments = result.track.segments
        if segments.count > 1 {
            var d = ""
            for k in 1..<segments.count {
                guard let a = segments[k - 1].last, let b = segments[k].first else { continue }
                d += "M" + frame.text(a.point) + "L" + frame.text(b.point)
            }
            svg += "<g data-layer=\"gaps\"><path class=\"gap\" d=\"\(d)\"/></g>"
            layers.append(ReportLayer(key: "gaps", label: "segment gaps", count: segments.count - 1))
        }
        // Moved fixes: a short line from where each was recorded to where a stage put it.
        var moves = "", moveCount = 0
        for change in result.changed {
            let (ax, ay) = frame.xy(change.original.point), (bx, by) = frame.xy(change.updated.point)
            guard (ax - bx) * (ax - bx) + (ay - by) * (ay - by) >= 0.01 else { continue }
            moves += "M" + frame.text(change.original.point) + "L" + frame.text(change.updated.point)
            moveCount += 1
        }
        if moveCount > 0 {
            svg += "<g data-layer=\"moves\"><path class=\"move\" d=\"\(moves)\"/></g>"
            layers.append(ReportLayer(key: "moves", label: "moved fixes", count: moveCount))
        }
        // The kept track, step by step coloured by pace.
        // The kept track's pace per fix, for the route's colours and the pace chart.
        let keptPace = WindowedPace.values(kept, frame: frame)
        let route = RouteLines(track: result.track, paces: keptPace, frame: frame)
        svg += "<g data-layer=\"route\">" + route.svg + "</g>"
        layers.append(ReportLayer(key: "route", label: "kept track", count: kept.count))
        // Pauses.
        if !pauses.isEmpty {
            svg += "<g data-layer=\"pauses\">"
            for pause in pauses {
                guard let at = (kept.first { $0.sourceIndex == pause.firstSourceIndex } ?? recorded.first { $0.sourceIndex == pause.firstSourceIndex }) else { continue }
                let tip = "paused " + RunFormatter.duration(pause.duration) + "\nfrom " + clock(pause.start) + " to " + clock(pause.end)
                svg += "<path class=\"pause\" d=\"M\(frame.text(at.point))h0\"><title>\(XMLText.escape(tip))</title></path>"
            }
            svg += "</g>"
            layers.append(ReportLayer(key: "pauses", label: "pauses", count: pauses.count))
        }
        // Drops, coloured by stage and rule.
        var dropKeys: [String] = []
        for d in drawnDrops where !dropKeys.contains(d.stage + " · " + d.rule) { dropKeys.append(d.stage + " · " + d.rule) }
        if !drawnDrops.isEmpty {
            svg += "<g data-layer=\"drops\">"
            for d in drawnDrops {
                guard let fix = d.fix else { continue }
                let key = d.stage + " · " + d.rule
                let colour = ReportPalette.colour(dropKeys.firstIndex(of: key) ?? 0)
                svg += "<path class=\"drop\" d=\"M\(frame.text(fix.point))h0\" stroke=\"\(colour)\" data-stage=\"\(XMLText.escape(d.stage, attribute: true))\" data-rule=\"\(XMLText.escape(d.rule, attribute: true))\"><title>\(XMLText.escape(dropTip(d)))</title></path>"
            }
            svg += "</g>"
            layers.append(ReportLayer(key: "drops", label: "dropped fixes", count: drawnDrops.count))
        }
        // Splits, badges and places.
        for kind in ReportMarker.Kind.allCases {
            let markers = view.markers.filter { $0.kind == kind }
            guard !markers.isEmpty else { continue }
            svg += "<g data-layer=\"\(kind.rawValue)s\">"
            for m in markers {
                svg += "<g class=\"marker \(kind.rawValue)\"><path class=\"marker-ring\" d=\"M\(frame.text(m.point))h0\"/><path class=\"marker-dot\" d=\"M\(frame.text(m.point))h0\"/><title>\(XMLText.escape(m.title + "\n" + m.detail))</title></g>"
            }
            svg += "</g>"
            layers.append(ReportLayer(key: kind.rawValue + "s", label: kind.layerLabel, count: markers.count))
        }
        svg += "<path class=\"cursor\" d=\"M0 0h0\" visibility=\"hidden\"/>"

        var html = "<section class=\"run\" id=\"run-\(index)\"><h2>\(XMLText.escape(view.name))</h2><div class=\"layout\"><div class=\"map-panel\">"
        html += MapPanel.html(svg: svg, frame: frame, empty: kept.isEmpty && recorded.isEmpty)
        html += "<div class=\"layers\">" + layers.map(\.toggleHTML).joined() + "</div>"
        html += route.legend(units: units)
        if !dropKeys.isEmpty {
            html += "<div class=\"legend drops-legend\"><b>dropped by</b> "
            for (i, key) in dropKeys.enumerated() {
                let n = drawnDrops.filter { $0.stage + " · " + $0.rule == key }.count
                html += "<span><i class=\"swatch\" style=\"background:\(ReportPalette.colour(i))\"></i>\(XMLText.escape(key)) <span class=\"count\">\(n)</span></span>"
            }
            html += "</div>"
        }
        let unreadable = result.dropped.count - drawnDrops.count
        if unreadable > 0 {
            html += "<p class=\"note\">\(unreadable) record\(unreadable == 1 ? "" : "s") could not be read as fixes and \(unreadable == 1 ? "has" : "have") no place on the map (see the stage table).</p>"
        }
        html += "</div><aside class=\"summary\">" + factsHTML(view.facts) + "</aside></div>" + stagesHTML(result.stages)
        // Charts.
        let charts = self.charts(view, frame: frame, keptPace: keptPace, elapsed: elapsed, units: units)
        if !charts.isEmpty, duration > 0 {
            html += "<div class=\"charts\" data-duration=\"\(ReportNumber.decimetres(duration))\">"
            html += charts.map { $0.html(duration: duration) }.joined()
            html += "<div class=\"time-axis\"><span>0:00</span><span class=\"readout\"></span><span>\(RunFormatter.clock(duration))</span></div></div>"
        }
        html += "<script type=\"application/json\" class=\"cursor-data\">" + cursorJSON(kept, frame: frame, duration: duration, elapsed: elapsed) + "</script></section>"
        return html
    }

    /// `points` as an SVG path of zero-length strokes (dots with round caps).
    static func dots(_ points: [GeoPoint], _ frame: ReportMapFrame) -> String {
        var d = ""
        d.reserveCapacity(points.count * 16)
        for p in points { d += "M" + frame.text(p) + "h0" }
        return d
    }

    /// `time` (UTC seconds) as `HH:MM:SS UTC`.
    static func clock(_ time: Double) -> String {
        guard let iso = ISO8601Time.format(time), let t = iso.firstIndex(of: "T") else { return RunFormatter.dash }
        return String(iso[iso.index(after: t)...].prefix(8)) + " UTC"
    }

    static func dropTip(_ d: Drop) -> String {
        var lines = [d.stage + " · " + d.rule]
        var figures: [String] = []
        let unit = d.unit.symbol.isEmpty ? "" : " " + d.unit.symbol
        if let m = d.measured { figures.append("measured " + ReportNumber.centi(m) + unit) }
        if let t = d.threshold { figures.append("threshold " + ReportNumber.centi(t) + unit) }
        if !figures.isEmpty { lines.append(figures.joined(separator: ", ")) }
        if let t = d.fix?.time { lines.append(ISO8601Time.format(t) ?? "") }
        if let detail = d.detail { lines.append(detail) }
        lines.append("fix #\(d.sourceIndex)")
        return lines.joined(separator: "\n")
    }

    static func factsHTML(_ facts: [ReportFact]) -> String {
        "<table class=\"facts\">" + facts.map { "<tr><th>\(XMLText.escape($0.label))</th><td>\(XMLText.escape($0.value))</td></tr>" }.joined() + "</table>"
    }

    /// Per stage: fixes in and out, dropped, changed, drops by rule.
    static func stagesHTML(_ stages: [StageReport]) -> String {
        var html = "<table class=\"stages\"><thead><tr><th>stage</th><th>in</th><th>out</th><th>dropped</th><th>changed</th><th>drops by rule</th></tr></thead><tbody>"
        for s in stages {
            let rules = s.dropsByRule.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            html += "<tr><td>\(XMLText.escape(s.label))</td><td>\(s.fixesIn)</td><td>\(s.fixesOut)</td><td>\(s.dropped)</td><td>\(s.changed)</td><td>\(XMLText.escape(rules))</td></tr>"
        }
        html += "</tbody></table>"
        return html
    }

    static func charts(_ view: RunReportView, frame: ReportMapFrame, keptPace: [Double?], elapsed: (Double?) -> Double?, units: UnitSystem) -> [ReportChart] {
        let kept = view.result.track.fixes, recorded = view.recorded.fixes
        func series(_ fixes: [Fix], _ value: (Fix) -> Double?) -> [(time: Double, value: Double?)] {
            fixes.compactMap { f in elapsed(f.time).map { ($0, value(f)) } }
        }
        func timed(_ fixes: [Fix], _ values: [Double?]) -> [(time: Double, value: Double?)] {
            zip(fixes, values).compactMap { f, v in elapsed(f.time).map { ($0, v) } }
        }
        var charts: [ReportChart] = []
        charts.append(ReportChart(
            key: "pace", caption: "Pace over \(Int(WindowedPace.window)) s (\(units == .metric ? "min/km" : "min/mi"))",
            series: [.init(name: "recorded", cssClass: "series-recorded", points: timed(recorded, WindowedPace.values(recorded, frame: frame))),
                     .init(name: "kept", cssClass: "series-kept", points: timed(kept, keptPace))],
            inverted: true, label: { RunFormatter.pace(secondsPerMetre: $0, units: units) }, robust: true))
        charts.append(ReportChart(key: "altitude", caption: "Altitude (m)",
                                  series: [.init(name: "kept", cssClass: "series-kept", points: series(kept) { $0.altitude })],
                                  inverted: false, label: { ReportNumber.fixed($0, scale: 1) + " m" }, robust: false))
        charts.append(ReportChart(key: "accuracy", caption: "Horizontal accuracy of the recorded fixes (m)",
                                  series: [.init(name: "recorded", cssClass: "series-recorded", points: series(recorded) { $0.horizontalAccuracy })],
                                  inverted: false, label: { ReportNumber.fixed($0, scale: 1) + " m" }, robust: true))
        charts.append(ReportChart(key: "heart-rate", caption: "Heart rate (bpm)",
                                  series: [.init(name: "recorded", cssClass: "series-heart", points: series(recorded) { $0.heartRate })],
                                  inverted: false, label: { ReportNumber.fixed($0, scale: 1) }, robust: false))
        return charts.filter(\.hasValues)
    }

    /// Places on the cursor's time axis: the chart is 1000 units wide and a pointer resolves about one, so
    /// the cursor keeps one kept fix per half unit of the run's duration — all of them on a short run.
    static let cursorStops = 2000

    /// Elapsed times (0.1 s) and map positions (0.1 m) of the kept fixes the page's cursor can stop at: the
    /// first fix of each 1/``cursorStops`` of the run's `duration`.
    static func cursorJSON(_ fixes: [Fix], frame: ReportMapFrame, duration: Double, elapsed: (Double?) -> Double?) -> String {
        var t = "", xy = ""
        var slot = -1
        for f in fixes {
            guard let e = elapsed(f.time) else { continue }
            let s = duration > 0 ? Int((e / duration * Double(cursorStops)).rounded(.down)) : 0
            guard s != slot else { continue }
            slot = s
            if !t.isEmpty { t += ","; xy += "," }
            t += ReportNumber.decimetres(e)
            let (x, y) = frame.xy(f.point)
            xy += ReportNumber.decimetres(x) + "," + ReportNumber.decimetres(y)
        }
        return "{\"t\":[\(t)],\"xy\":[\(xy)]}"
    }
}
