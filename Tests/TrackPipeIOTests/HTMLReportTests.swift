import Foundation
import Testing
import TrackPipe
@testable import TrackPipeIO

/// The HTML report's structure against a run built by hand: what each layer must hold is counted from the
/// hand-made result, positions are checked with haversine distances, pace colours with hand-worked
/// percentiles. The maps are parsed as XML (Foundation's parser), not searched as text.
struct HTMLReportTests {
    static let latitude = 51.5, longitude = -0.12
    static let start = 1_700_000_000.0

    /// Degrees of longitude per metre east at the reference latitude (spherical, mean radius).
    static let degreesPerMetreEast = 180 / (Double.pi * 6_371_008.8 * cos(latitude * .pi / 180))
    static let degreesPerMetreNorth = 180 / (Double.pi * 6_371_008.8)

    /// 41 fixes one second apart going east: 2 m/s for the first 20 steps, 4 m/s after. Fixes 25… are a second
    /// segment; 35…38 are paused.
    static func recorded() -> Track {
        let fixes = (0...40).map { i -> Fix in
            let east = i <= 20 ? 2.0 * Double(i) : 40 + 4.0 * Double(i - 20)
            return Fix(time: start + Double(i), latitude: latitude, longitude: longitude + east * degreesPerMetreEast,
                       horizontalAccuracy: 5, segment: i < 25 ? 0 : 1, sourceIndex: i)
        }
        return Track(name: "hand", fixes: fixes, sourceFormat: "gpx",
                     rejected: [RejectedRecord(sourceIndex: 41, line: 99, rule: "unparseable-time", reason: "no time")])
    }

    /// The result: fix 10 dropped by the accuracy gate; fix 30 moved 5 m south onto the line by a smoother (its
    /// original was 5 m north); fixes 35…38 paused; one split and one badge marker.
    static func view(name: String = "hand.gpx") -> RunReportView {
        let track = recorded()
        var kept = track
        kept.fixes.removeAll { $0.sourceIndex == 10 }
        for i in kept.fixes.indices where (35...38).contains(kept.fixes[i].sourceIndex) { kept.fixes[i].paused = true }
        kept.rejected = []
        var original = track.fixes[30]
        original.latitude += 5 * degreesPerMetreNorth
        let updated = track.fixes[30]
        let drop = Drop(fix: track.fixes[10], stage: "accuracy-gate", rule: "max-horizontal-accuracy", measured: 48, threshold: 20, unit: .metres)
        var annotations = Annotations()
        annotations[PauseIntervalsKey.self] = [PauseInterval(start: start + 35, end: start + 38, firstSourceIndex: 35, lastSourceIndex: 38)]
        let result = PipelineResult(
            provenance: Provenance(pipelineName: "hand", canonicalSpec: "{}", trackpipeVersion: "test"),
            input: InputSummary(track), track: kept,
            dropped: [Drop(rejected: track.rejected[0]), drop],
            changed: [FixChange(original: original, updated: updated, stage: "kalman-smoother")],
            annotations: annotations, summary: [], events: [],
            stages: [StageReport(label: "read", stage: "read", fixesIn: 42, fixesOut: 41, dropped: 1, changed: 0, dropsByRule: ["unparseable-time": 1], wallTime: 0)])
        let markers = [ReportMarker(kind: .split, point: track.fixes[20].point, title: "km 1", detail: "test split"),
                       ReportMarker(kind: .badge, point: track.fixes[30].point, title: "Moon", detail: "test badge")]
        return RunReportView(name: name, recorded: track, result: result, markers: markers, facts: [ReportFact("distance", "0.10 km")])
    }

    static func render(_ view: RunReportView = view()) -> String {
        HTMLReport.run([view], provenance: view.result.provenance, units: .metric)
    }

    /// Every map's SVG, parsed.
    static func maps(_ html: String) throws -> [XMLTree] {
        var trees: [XMLTree] = []
        var rest = html[...]
        while let open = rest.range(of: "<svg class=\"map-svg\""), let close = rest[open.upperBound...].range(of: "</svg>") {
            trees.append(try XMLTree.parse(Array(rest[open.lowerBound..<close.upperBound].utf8)))
            rest = rest[close.upperBound...]
        }
        return trees
    }

    static func all(_ tree: XMLTree, where match: (XMLTree) -> Bool) -> [XMLTree] {
        (match(tree) ? [tree] : []) + tree.children.flatMap { all($0, where: match) }
    }

    static func layer(_ map: XMLTree, _ key: String) -> XMLTree? { all(map) { $0.attributes["data-layer"] == key }.first }

    /// A polyline's `points`: numbers in pairs, separated by spaces or commas.
    static func points(_ text: String) -> [(Double, Double)] {
        let v = text.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
        return stride(from: 0, to: v.count - 1, by: 2).map { (v[$0], v[$0 + 1]) }
    }

    /// The `M x y` positions of a path made of moves (dots and short lines).
    static func pathPoints(_ d: String, command: Character) -> [(Double, Double)] {
        var out: [(Double, Double)] = []
        let scanner = d.replacingOccurrences(of: "h0", with: " ")
        var parts = scanner.split(whereSeparator: { $0 == "M" || $0 == "L" }).makeIterator()
        var commands = scanner.filter { $0 == "M" || $0 == "L" }.makeIterator()
        while let part = parts.next(), let c = commands.next() {
            let v = part.split(separator: " ").compactMap { Double($0) }
            if c == command, v.count >= 2 { out.append((v[0], v[1])) }
        }
        return out
    }

    @Test func theRouteHasOneVertexPerKeptFixAndPaceColoursByHand() throws {
        let map = try #require(try Self.maps(Self.render()).first)
        let route = try #require(Self.layer(map, "route"))
        let lines = route.children.filter { $0.name == "polyline" }
        // Per segment the polylines chain: their shared ends count once.
        var vertices = 0
        for segment in Set(lines.compactMap { $0.attributes["data-segment"] }) {
            let own = lines.filter { $0.attributes["data-segment"] == segment }
            vertices += own.map { Self.points($0.attributes["points"]!).count }.reduce(0, +) - (own.count - 1)
        }
        #expect(vertices == 40)
        // A step takes the 10-s pace at its later fix, or its own pace before 10 s of its segment have passed.
        // Segment 0: 0.5 s/m up to fix 20 (fix 10 dropped: fix 20's window reaches back to fix 9, 22 m in 11 s);
        // then 10 s over 22, 24, 26 and 28 m at fixes 21…24. Segment 1: 0.25 s/m (own pace at 26…34, 10 s over
        // 40 m at 40), grey over the pause (steps touching 35…38). The 33 moving paces: ten 0.25, those four,
        // nineteen 0.5 — 5th percentile 0.25, 95th 0.5; bin = round(15 × (0.5 − pace) / 0.25): 3, 5, 7, 9.
        let colours = lines.map { "\($0.attributes["data-segment"]!):\($0.attributes["stroke"]!):\(Self.points($0.attributes["points"]!).count)" }
        let c = { PaceColourScale.colour(bin: $0) }
        #expect(colours == ["0:#d73027:20", "0:\(c(3)):2", "0:\(c(5)):2", "0:\(c(7)):2", "0:\(c(9)):2",
                            "1:#1a9850:10", "1:#8c8c8c:6", "1:#1a9850:2"])
    }

    @Test func positionsAreMetresInAViewFittedWithPadding() throws {
        let map = try #require(try Self.maps(Self.render()).first)
        let recorded = try #require(Self.layer(map, "recorded")?.children.first?.attributes["d"])
        let dots = Self.pathPoints(recorded, command: "M")
        #expect(dots.count == 41)
        let track = Self.recorded()
        // Map units are metres: the first-to-last span equals the haversine distance (to the 0.1 m rounding).
        let (x0, y0) = dots[0], (x1, y1) = dots[40]
        let metres = Geodesy.haversine(track.fixes[0].point, track.fixes[40].point)
        #expect(abs(((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0)).squareRoot() - metres) < 0.15)
        #expect(abs(metres - 120) < 0.01)
        // Extent: 120 m east–west; 5 m north–south (the moved fix's original). Padding max(10 % × 120, 25) = 25 m.
        let box = map.attributes["viewBox"]!.split(separator: " ").map { Double($0)! }
        #expect(abs(box[2] - 170) < 0.15 && abs(box[3] - 55) < 0.15, "viewBox \(box)")
        #expect(map.attributes["data-padding"] == "25")
        #expect(map.attributes["preserveAspectRatio"] == "xMidYMid meet")
        for (x, y) in dots { #expect(x >= box[0] + 25 - 0.1 && x <= box[0] + box[2] - 25 + 0.1 && y >= box[1] + 25 - 0.1 && y <= box[1] + box[3] - 25 + 0.1) }
        // East is +x; north is −y: the moved fix's original lies 5 m above (−y) its updated place.
        let move = try #require(Self.layer(map, "moves")?.children.first?.attributes["d"])
        let from = Self.pathPoints(move, command: "M"), to = Self.pathPoints(move, command: "L")
        #expect(from.count == 1 && to.count == 1)
        #expect(abs(to[0].1 - from[0].1 - 5) < 0.15 && abs(to[0].0 - from[0].0) < 0.15)
        #expect(x1 > x0)
    }

    @Test func everyDropPauseGapAndMarkerIsOnTheMapWithItsReason() throws {
        let html = Self.render()
        let map = try #require(try Self.maps(html).first)
        let drops = try #require(Self.layer(map, "drops")).children
        #expect(drops.count == 1)
        #expect(drops[0].attributes["data-stage"] == "accuracy-gate" && drops[0].attributes["data-rule"] == "max-horizontal-accuracy")
        let tip = try #require(drops[0].child("title")?.text)
        #expect(tip.contains("measured 48 m, threshold 20 m") && tip.contains("2023-11-14T22:13:30Z") && tip.contains("fix #10"), "\(tip)")
        // The reader's rejection has no position: said, not drawn.
        #expect(html.contains("1 record could not be read as fixes"))
        let pauses = try #require(Self.layer(map, "pauses")).children
        #expect(pauses.count == 1 && pauses[0].child("title")?.text.hasPrefix("paused 0:00:03") == true)
        let gap = try #require(Self.layer(map, "gaps")?.children.first?.attributes["d"])
        #expect(Self.pathPoints(gap, command: "M").count == 1)
        #expect(Self.layer(map, "splits")?.children.count == 1 && Self.layer(map, "badges")?.children.count == 1)
        // One switch per layer, each with its count.
        for (key, count) in [("recorded", 41), ("route", 40), ("drops", 1), ("pauses", 1), ("gaps", 1), ("moves", 1), ("splits", 1), ("badges", 1)] {
            #expect(html.contains("data-layer=\"\(key)\" checked>") && html.contains("<span class=\"count\">\(count)</span>"), "\(key)")
        }
    }

    @Test func chartsShareTheRunsTimeAxisAndLeaveOutWhatTheTrackLacks() throws {
        let html = Self.render()
        #expect(html.contains("data-chart=\"pace\"") && html.contains("data-chart=\"accuracy\""))
        #expect(!html.contains("data-chart=\"altitude\"") && !html.contains("data-chart=\"heart-rate\""))
        #expect(html.contains("<div class=\"charts\" data-duration=\"40\">"))
        // The cursor data: one time and one position per kept fix (a 40-s run has fewer than 2000 stops' worth).
        let json = try #require(html.components(separatedBy: "<script type=\"application/json\" class=\"cursor-data\">").last?.components(separatedBy: "</script>").first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: [Double]])
        #expect(object["t"]?.count == 40 && object["xy"]?.count == 80 && object["t"]?.last == 40)
    }

    @Test func windowedPaceIsTimeOverDistanceAcrossTheWindow() {
        let fixes = Self.recorded().fixes
        let pace = WindowedPace.values(fixes, frame: ReportMapFrame(fitting: fixes.map(\.point)))
        #expect(pace.count == 41)
        // Before 10 s there is no window; at 15 s: 10 s over 20 m; at 40 s: 10 s over 40 m; at 25 (a new
        // segment) nothing until 35.
        // Distances are measured in the map's frame, the fixes placed on the sphere by hand: equal to rounding, while
        // a window one fix longer or shorter would be 10 % off.
        func near(_ v: Double?, _ expected: Double) -> Bool { v.map { abs($0 / expected - 1) < 0.005 } ?? false }
        #expect(pace[9] == nil && near(pace[15], 0.5) && near(pace[40], 0.25))
        // At 24 s: 10 s over 4 steps of 4 m and 6 of 2 m.
        #expect(near(pace[24], 10.0 / 28))
        #expect(pace[25] == nil && pace[34] == nil && near(pace[35], 0.25))
    }

    @Test func aLongSeriesIsThinnedToTwoValuesPerChartUnitKeepingItsSpike() throws {
        // 10 000 values over 10 000 s, all 1 but one spike of 9 at 5 000 s.
        let points = (0..<10_000).map { (time: Double($0), value: Optional($0 == 5_000 ? 9.0 : 1.0)) }
        let chart = ReportChart(key: "k", caption: "c", series: [.init(name: "s", cssClass: "series-kept", points: points)],
                                inverted: false, label: { "\($0)" }, robust: false)
        let html = chart.html(duration: 10_000)
        let polyline = try #require(html.components(separatedBy: "points=\"").dropFirst().first?.components(separatedBy: "\"").first)
        let vertices = Self.points(polyline)
        #expect(vertices.count <= 2 * 1000 && vertices.count >= 1000)
        // The spike is drawn at the top (y = the 4-unit margin) at x = 500; everything else on the bottom line.
        #expect(vertices.contains { $0.0 == 500 && $0.1 == 4 })
        #expect(vertices.filter { $0.1 != 96 }.count == 1)
        // Vertices keep their time order.
        #expect(zip(vertices, vertices.dropFirst()).allSatisfy { $0.0 <= $1.0 })
    }

    @Test func theCursorStopsAtOneFixPerTwoThousandthOfTheRun() throws {
        // 10 000 fixes a second apart over 9 999 s: slots of 4.9995 s; every fifth fix starts one, and the last
        // fix (at the run's end) is a slot of its own — 2001 stops.
        let fixes = (0..<10_000).map { Fix(time: Self.start + Double($0), latitude: Self.latitude, longitude: Self.longitude, sourceIndex: $0) }
        let json = RunReportSection.cursorJSON(fixes, frame: ReportMapFrame(fitting: fixes.map(\.point)), duration: 9_999) { $0.map { $0 - Self.start } }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: [Double]])
        let t = try #require(object["t"])
        #expect(t.count == 2001 && object["xy"]?.count == 4002)
        #expect(t[0] == 0 && t[1] == 5 && t[1999] == 9995 && t[2000] == 9999)
    }

    @Test func paceScaleEndsArePercentiles() throws {
        // 100 paces 1…100: the 5th percentile is 5.95, the 95th 95.05 (linear interpolation).
        let scale = try #require(PaceColourScale(paces: (1...100).map(Double.init)))
        #expect(abs(scale.fast - 5.95) < 1e-12 && abs(scale.slow - 95.05) < 1e-12)
        #expect(scale.bin(1000) == 0 && scale.bin(0.5) == PaceColourScale.bins - 1 && scale.bin(50.5) == 8)
        #expect(PaceColourScale.colour(bin: 0) == "#d73027" && PaceColourScale.colour(bin: PaceColourScale.bins - 1) == "#1a9850")
        #expect(PaceColourScale(paces: [.infinity, 0, -1]) == nil)
    }

    @Test func samePageForTheSameRunSelfContainedAndEscaped() throws {
        let html = Self.render(Self.view(name: "<script>alert(\"x\")</script>&.gpx"))
        #expect(html == Self.render(Self.view(name: "<script>alert(\"x\")</script>&.gpx")))
        #expect(!html.contains("<script>alert") && html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;.gpx"))
        // Nothing to fetch, and the page forbids fetching.
        #expect(!html.contains("http:") && !html.contains("https:") && !html.contains(" src=") && !html.contains("url("))
        #expect(html.contains("content=\"default-src 'none';"))
    }

    @Test func anEmptyTrackGivesAPageThatSaysSo() throws {
        let empty = Track(name: "empty", fixes: [])
        let result = PipelineResult(provenance: Provenance(pipelineName: "p", canonicalSpec: "{}", trackpipeVersion: "t"), input: InputSummary(empty),
                                    track: empty, dropped: [], changed: [], annotations: Annotations(), summary: [], events: [], stages: [])
        let html = HTMLReport.run([RunReportView(name: "empty.gpx", recorded: empty, result: result)], provenance: result.provenance, units: .metric)
        let map = try #require(try Self.maps(html).first)
        #expect(map.attributes["viewBox"] == "-100 -100 200 200")
        #expect(html.contains("No fixes to draw.") && !html.contains("class=\"charts\"") && !html.contains("<polyline"))
    }

    @Test func aComparisonDrawsEveryPipelinesLineAndTheTruth() throws {
        let track = Self.recorded()
        var shorter = track
        shorter.fixes.removeLast(10)
        let view = CompareReportView(
            pipelines: ["raw", "short"], facts: [ReportFact("TrackPipe", "test")],
            datasets: [.init(name: "hand", recorded: track, truthPath: [track.fixes[0].point, track.fixes[40].point], truthKind: "route", tracks: [track, shorter])],
            scores: ReportTable(headers: ["pipeline", "dist err %"], rows: [[.init("raw"), .init("+1.50", sortValue: 1.5)], [.init("short"), .init("–")]]))
        let html = HTMLReport.compare(view)
        let map = try #require(try Self.maps(html).first)
        for (p, count) in [(0, 41), (1, 31)] {
            let lines = try #require(Self.layer(map, "pipeline-\(p)")).children
            #expect(lines.map { Self.points($0.attributes["points"]!).count }.reduce(0, +) == count)
            #expect(Set(lines.map { $0.attributes["stroke"] }) == [ReportPalette.colour(p)])
        }
        #expect(Self.points(try #require(Self.layer(map, "truth")?.children.first?.attributes["points"])).count == 2)
        #expect(html.contains("<td data-sort=\"1.5\">+1.50</td>") && html.contains("<td>–</td>"))
    }
}

/// Number text of the page, against values written out by hand.
struct ReportNumberTests {
    @Test func fixedDecimalsWithoutTrailingZerosOrNegativeZero() {
        let cases: [(Double, Int, String)] = [
            (0, 10, "0"), (-0.04, 10, "0"), (0.05, 10, "0.1"), (-0.05, 10, "-0.1"), (12.34, 10, "12.3"), (-1077.1, 10, "-1077.1"),
            (5, 10, "5"), (120, 10, "120"), (1.5, 100, "1.5"), (-2.05, 100, "-2.05"), (0.001, 1_000_000, "0.001"),
            (48, 100, "48"), (9.9999, 10, "10"), (.infinity, 10, "0"), (.nan, 10, "0"), (1e300, 10, "0"), (123456789.25, 10, "123456789.3")]
        for (value, scale, text) in cases {
            #expect(ReportNumber.fixed(value, scale: scale) == text, "\(value) × \(scale)")
        }
    }
}
