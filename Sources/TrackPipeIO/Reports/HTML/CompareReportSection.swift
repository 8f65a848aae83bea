import TrackPipe

/// One dataset's section of a comparison report: a map with the recorded fixes, the truth's path and one
/// switchable line per pipeline in its own colour.
enum CompareReportSection {
    static func html(_ dataset: CompareReportView.Dataset, index: Int, pipelines: [String]) -> String {
        var fit = dataset.recorded.fixes.map(\.point) + dataset.truthPath
        for track in dataset.tracks { fit += track.fixes.map(\.point) }
        let frame = ReportMapFrame(fitting: fit)
        var layers: [ReportLayer] = []
        var svg = ""
        if !dataset.recorded.fixes.isEmpty {
            svg += "<g data-layer=\"recorded\"><path class=\"recorded\" d=\"\(RunReportSection.dots(dataset.recorded.fixes.map(\.point), frame))\"/></g>"
            layers.append(ReportLayer(key: "recorded", label: "recorded fixes", count: dataset.recorded.fixes.count))
        }
        // Earlier pipelines are drawn wider, so where lines coincide each still shows at its edges.
        let count = dataset.tracks.count
        for (p, track) in dataset.tracks.enumerated() {
            let colour = ReportPalette.colour(p)
            let width = 2 + 2 * (count - 1 - p)
            let name = p < pipelines.count ? pipelines[p] : "pipeline \(p + 1)"
            svg += "<g data-layer=\"pipeline-\(p)\">"
            for (k, segment) in track.segments.enumerated() {
                let points = segment.map { frame.text($0.point) }
                if points.count == 1 {
                    svg += "<path class=\"line-dot\" data-pipeline=\"\(p)\" data-segment=\"\(k)\" stroke=\"\(colour)\" d=\"M\(points[0])h0\"/>"
                } else {
                    svg += "<polyline class=\"line\" data-pipeline=\"\(p)\" data-segment=\"\(k)\" stroke=\"\(colour)\" style=\"stroke-width:\(width)px\" points=\"\(points.joined(separator: " "))\"/>"
                }
            }
            svg += "</g>"
            layers.append(ReportLayer(key: "pipeline-\(p)", label: name, count: track.fixes.count, swatch: colour))
        }
        // The truth on top, thin and dashed: what every line is judged against.
        if !dataset.truthPath.isEmpty {
            svg += "<g data-layer=\"truth\"><polyline class=\"truth\" points=\"\(dataset.truthPath.map(frame.text).joined(separator: " "))\"/></g>"
            layers.append(ReportLayer(key: "truth", label: "truth (\(dataset.truthKind))", count: nil))
        }
        var html = "<section class=\"dataset\" id=\"dataset-\(index)\"><h2>\(XMLText.escape(dataset.name))</h2><div class=\"map-panel\">"
        html += MapPanel.html(svg: svg, frame: frame, empty: fit.isEmpty)
        html += "<div class=\"layers\">" + layers.map(\.toggleHTML).joined() + "</div></div></section>"
        return html
    }
}
