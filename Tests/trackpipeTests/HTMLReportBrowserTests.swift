import Foundation
import Testing
import TestSupport

/// The HTML reports opened in a real browser (headless chromium): no script error or blocked fetch, the route
/// drawn with one vertex per kept fix (counts from the run report and the comparison's JSON), a marker for
/// every drop (counted in the drops GeoJSON), the fitted view holding everything with its padding, the
/// controls working, and a screenshot that is not blank where the route runs.
@Suite(.serialized, .enabled(if: Chromium.path != nil, "chromium is not installed (Debian package chromium; .ci/setup installs it)"))
struct HTMLReportBrowserTests {
    struct Check: Decodable {
        struct Box: Decodable { var x, y, w, h: Double }
        struct Map: Decodable {
            var vertices: [String: Int]
            var drops: Int
            var dropsWithReason: Int
            /// Nil when nothing is drawn.
            var extent: Box?
            var fit: Box
            var padding: Double
            var samples: [[Double]]
        }
        struct Interaction: Decodable {
            var zoomedWidthRatio: Double?
            var fitRestored: Bool?
            var scaleBar: String?
            var toggleHides: Bool?
            var toggleShows: Bool?
            var cursorShown: Bool?
            var sortedAscending: Bool?
            var sortedCount: Int?
        }
        var errors: [String]
        var maps: [Map]
        var interaction: Interaction
    }

    let directory: URL

    init() throws {
        directory = try Scratch.directory("browser")
    }

    /// `report` opened with the checker inserted before anything else in its head.
    func check(_ report: URL) throws -> Check {
        let checker = try String(contentsOfFile: try TestData.path("browser/check-report.js"), encoding: .utf8)
        let html = try String(contentsOf: report, encoding: .utf8)
        let checked = directory.appendingPathComponent("checked-" + report.lastPathComponent)
        try html.replacingOccurrences(of: "<head>", with: "<head><script>" + checker + "</script>", options: [], range: html.range(of: "<head>"))
            .write(to: checked, atomically: true, encoding: .utf8)
        let dom = try Chromium.dumpDOM(checked)
        let json = try #require(dom.components(separatedBy: "<pre id=\"report-check\">").dropFirst().last?.components(separatedBy: "</pre>").first,
                                "no check output in the DOM (\(dom.count) bytes)")
        let text = json.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&nbsp;", with: "\u{A0}").replacingOccurrences(of: "&amp;", with: "&")
        return try JSONDecoder().decode(Check.self, from: Data(text.utf8))
    }

    /// Everything drawn lies inside the fitted view less its padding, and touches the padding on one axis.
    func expectFitted(_ map: Check.Map, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let e = map.extent else { Issue.record("nothing drawn", sourceLocation: sourceLocation); return }
        let f = map.fit, pad = map.padding, slack = 0.2
        #expect(e.x >= f.x + pad - slack && e.y >= f.y + pad - slack, sourceLocation: sourceLocation)
        #expect(e.x + e.w <= f.x + f.w - pad + slack && e.y + e.h <= f.y + f.h - pad + slack, sourceLocation: sourceLocation)
        #expect(abs(e.w - (f.w - 2 * pad)) < slack || abs(e.h - (f.h - 2 * pad)) < slack, "extent \(e) in \(f)", sourceLocation: sourceLocation)
    }

    func run(_ args: [String]) throws {
        let r = try CLIRunner.run(args, in: TestData.packageRoot)
        #expect(r.status == 0, "\(args): \(r.stderr)")
    }

    @Test func aRunWithDropsAndPauses() throws {
        let html = directory.appendingPathComponent("run.html"), report = directory.appendingPathComponent("run.json")
        let drops = directory.appendingPathComponent("drops.geojson")
        try run(["run", "datasets/open-park.gpx", "--html", html.path, "--report", report.path, "--drops", drops.path, "-q"])
        let runJSON = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
        let kept = try #require(((runJSON["runs"] as? [[String: Any]])?.first?["kept"]) as? Int)
        let features = try #require((try JSONSerialization.jsonObject(with: Data(contentsOf: drops)) as? [String: Any])?["features"] as? [Any])
        #expect(features.count > 0)

        let check = try check(html)
        #expect(check.errors.isEmpty, "\(check.errors)")
        let map = try #require(check.maps.first)
        #expect(map.vertices["route"] == kept)
        #expect(map.drops == features.count && map.dropsWithReason == features.count)
        expectFitted(map)
        let i = check.interaction
        #expect((i.zoomedWidthRatio ?? 1) < 1 && i.fitRestored == true && i.toggleHides == true && i.toggleShows == true)
        #expect(i.cursorShown == true && i.scaleBar?.hasSuffix("m") == true)

        // The screenshot: the map is the area of its background colour; placing the route's vertices in it as
        // the SVG's `xMidYMid meet` does, each lands beside a pixel of the route's colours — red to green, where
        // blue is the weakest channel, or the paused grey — not the grey recorded fixes or the purple moves.
        let image = try Chromium.screenshot(html, to: directory.appendingPathComponent("run.png"))
        #expect(image.width == Chromium.windowSize.width)
        func isBackground(_ x: Int, _ y: Int) -> Bool {
            guard let (r, g, b) = image.rgb(x, y) else { return false }
            return (r, g, b) == (246, 246, 241)
        }
        let rows = (0..<image.height).filter { y in (0..<image.width).filter { isBackground($0, y) }.count > 100 }
        let columns = (0..<image.width).filter { x in rows.filter { isBackground(x, $0) }.count > 100 }
        let (top, bottom, left, right) = try (#require(rows.first), #require(rows.last), #require(columns.first), #require(columns.last))
        let width = Double(right - left + 1), height = Double(bottom - top + 1)
        let scale = min(width / map.fit.w, height / map.fit.h)
        let x0 = Double(left) + (width - map.fit.w * scale) / 2, y0 = Double(top) + (height - map.fit.h * scale) / 2
        var drawn = 0
        for s in map.samples {
            let x = Int((x0 + (s[0] - map.fit.x) * scale).rounded()), y = Int((y0 + (s[1] - map.fit.y) * scale).rounded())
            let routeColoured = (-2...2).contains { dx in
                (-2...2).contains { dy in
                    guard let (r, g, b) = image.rgb(x + dx, y + dy) else { return false }
                    return b + 50 < max(r, g) || (abs(r - 140) < 12 && abs(g - 140) < 12 && abs(b - 140) < 12)
                }
            }
            if routeColoured { drawn += 1 }
        }
        // Badge and split markers, drawn over the route, hide a few vertices (2 of 41 here).
        #expect(map.samples.count >= 20 && Double(drawn) >= 0.9 * Double(map.samples.count), "\(drawn) of \(map.samples.count) route points drawn; map at \(left),\(top) \(width)×\(height)")
        #expect(width > 400 && height > 250, "map area \(width) × \(height) px")
    }

    @Test func aComparisonOfFourPipelines() throws {
        let html = directory.appendingPathComponent("compare.html"), json = directory.appendingPathComponent("compare.json")
        let datasets = ["datasets/open-park.gpx", "datasets/jumpy.gpx"]
        try run(["compare"] + datasets + ["--format", "html", "-o", html.path])
        try run(["compare"] + datasets + ["--format", "json", "-o", json.path])
        let results = try #require((try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])?["results"] as? [[String: Any]])
        let kept = results.compactMap { ($0["score"] as? [String: Any])?["kept"] as? Int }
        #expect(kept.count == 8)

        let check = try check(html)
        #expect(check.errors.isEmpty, "\(check.errors)")
        #expect(check.maps.count == 2)
        for (d, map) in check.maps.enumerated() {
            #expect(map.vertices == Dictionary(uniqueKeysWithValues: (0..<4).map { ("\($0)", kept[d * 4 + $0]) }))
            expectFitted(map)
        }
        #expect(check.interaction.sortedAscending == true && check.interaction.sortedCount == 8)
    }

    @Test func anEmptyTrack() throws {
        let csv = directory.appendingPathComponent("empty.csv"), html = directory.appendingPathComponent("empty.html")
        try "time,latitude,longitude\n".write(to: csv, atomically: true, encoding: .utf8)
        try run(["run", csv.path, "--html", html.path, "-q"])
        let check = try check(html)
        #expect(check.errors.isEmpty, "\(check.errors)")
        #expect(check.maps.count == 1 && check.maps[0].vertices.isEmpty && check.maps[0].drops == 0)
        #expect(try String(contentsOf: html, encoding: .utf8).contains("No fixes to draw."))
    }

    @Test func fiftyThousandFixes() throws {
        let gpx = directory.appendingPathComponent("long.gpx"), html = directory.appendingPathComponent("long.html")
        let report = directory.appendingPathComponent("long.json")
        try run(["simulate", "--set", "fix-count=50000", "-o", gpx.path])
        try run(["run", gpx.path, "--html", html.path, "--report", report.path, "-q"])
        let runJSON = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
        let kept = try #require(((runJSON["runs"] as? [[String: Any]])?.first?["kept"]) as? Int)
        let check = try check(html)
        #expect(check.errors.isEmpty, "\(check.errors)")
        #expect(check.maps.first?.vertices["route"] == kept && kept > 49_000)
        if let map = check.maps.first { expectFitted(map) }
    }
}
