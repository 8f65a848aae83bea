import TrackPipe

/// Self-contained HTML pages that show what a pipeline did: `trackpipe run --html` and `trackpipe compare
/// --format html`. Everything is inline — styles, script, data, the maps as SVG in a local metric frame — and
/// the page's Content-Security-Policy forbids fetching anything, so it opens offline and shows the same
/// thing in ten years. The same input gives the same bytes.
///
/// Units: positions are drawn in metres (0.1 m); paces and distances in the caller's unit system; altitude and
/// accuracy in metres.
public enum HTMLReport {
    /// A page with one section per run, produced by the pipeline `provenance` describes.
    public static func run(_ runs: [RunReportView], provenance: Provenance, units: UnitSystem) -> String {
        let hash = SpecDigest.sha256Hex(provenance.canonicalSpec)
        var header = "<p class=\"provenance\">pipeline <b>\(XMLText.escape(provenance.pipelineName))</b> (sha256 <code title=\"\(hash)\">\(hash.prefix(12))</code>) · TrackPipe \(XMLText.escape(provenance.trackpipeVersion))</p>"
        if runs.count > 1 {
            header += "<nav><ul>" + runs.enumerated().map { "<li><a href=\"#run-\($0.offset)\">\(XMLText.escape($0.element.name))</a></li>" }.joined() + "</ul></nav>"
        }
        let title = runs.count == 1 ? runs[0].name : "\(runs.count) runs"
        let body = runs.enumerated().map { RunReportSection.html($0.element, index: $0.offset, units: units) }.joined()
        return page(title: "TrackPipe · " + title, heading: "TrackPipe run report", header: header, body: body)
    }

    /// A comparison page: the scores table (sortable), then one map per dataset with every pipeline's line.
    public static func compare(_ view: CompareReportView) -> String {
        var header = "<table class=\"facts\">" + view.facts.map { "<tr><th>\(XMLText.escape($0.label))</th><td>\(XMLText.escape($0.value))</td></tr>" }.joined() + "</table>"
        header += tableHTML(view.scores)
        let body = view.datasets.enumerated().map { CompareReportSection.html($0.element, index: $0.offset, pipelines: view.pipelines) }.joined()
        let title = "comparison of \(view.pipelines.count) pipeline\(view.pipelines.count == 1 ? "" : "s") on \(view.datasets.count) dataset\(view.datasets.count == 1 ? "" : "s")"
        return page(title: "TrackPipe · " + title, heading: "TrackPipe " + title, header: header, body: body)
    }

    /// A sortable table: a click on a header sorts by that column (numbers by their value).
    static func tableHTML(_ table: ReportTable) -> String {
        var html = "<table class=\"scores sortable\"><thead><tr>"
        html += table.headers.map { "<th>\(XMLText.escape($0))</th>" }.joined() + "</tr></thead><tbody>"
        for row in table.rows {
            html += "<tr>"
            for cell in row {
                let sort = cell.sortValue.flatMap { $0.isFinite ? " data-sort=\"\(ReportNumber.fixed($0, scale: 1_000_000))\"" : nil } ?? ""
                html += "<td\(sort)>\(XMLText.escape(cell.text))</td>"
            }
            html += "</tr>"
        }
        return html + "</tbody></table>"
    }

    /// Nothing may be fetched: scripts and styles only inline, images only as data.
    static let contentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:"

    static func page(title: String, heading: String, header: String, body: String) -> String {
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            + "<meta http-equiv=\"Content-Security-Policy\" content=\"\(contentSecurityPolicy)\">"
            + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            + "<meta name=\"generator\" content=\"TrackPipe \(TrackPipeVersion.current)\">"
            + "<title>\(XMLText.escape(title))</title><style>\(text(PackageResources.report_css))</style></head>"
            + "<body><header><h1>\(XMLText.escape(heading))</h1>\(header)</header><main>\(body)</main>"
            + "<script>\(text(PackageResources.report_js))</script></body></html>\n"
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
