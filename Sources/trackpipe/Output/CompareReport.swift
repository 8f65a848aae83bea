import Foundation
import TrackPipe
import TrackPipeLab
import TrackPipeIO

/// The results of `trackpipe compare`: one score per dataset × pipeline, and its renderings.
struct CompareReport: Encodable {
    var schema = "trackpipe-compare/1"
    var trackpipeVersion = TrackPipeVersion.current
    var pipelines: [PipelineEntry]
    var results: [Entry]

    struct PipelineEntry: Encodable {
        var name: String
        var sha256: String
        var source: String
    }

    struct Entry: Encodable {
        var dataset: String
        var truthFiles: [String]
        var score: RunScore
    }

    // MARK: Renderings

    /// Columns of the terminal and Markdown tables.
    static let headers = ["dataset", "pipeline", "truth", "kept/read", "dist km", "dist err %", "pos RMSE m", "pos p95 m", "pos max m",
                          "xtrack RMSE m", "xtrack p95 m", "line p95 m", "moved RMS m", "moving s (true)", "pause P/R", "anomaly P/R", "ms"]

    static func fixed(_ v: Double?, _ decimals: Int) -> String {
        guard let v, v.isFinite else { return "–" }
        return String(format: "%.\(decimals)f", v)
    }

    static func ratio(_ pr: PrecisionRecall?) -> String {
        guard let pr else { return "–" }
        return fixed(pr.precision, 2) + "/" + fixed(pr.recall, 2)
    }

    var tableRows: [[String]] {
        results.map { e in
            let s = e.score
            let moving = s.movingTime.map { m in Self.fixed(m, 0) + (s.trueMovingTime.map { " (\(Self.fixed($0, 0)))" } ?? "") } ?? "–"
            let signedPercent = s.distanceErrorPercent.map { ($0 >= 0 ? "+" : "") + Self.fixed($0, 2) } ?? "–"
            return [e.dataset, s.pipeline, s.truth, "\(s.kept)/\(s.records)", Self.fixed(s.distance.map { $0 / 1000 }, 3), signedPercent,
                    Self.fixed(s.position?.rmse, 2), Self.fixed(s.position?.p95, 2), Self.fixed(s.position?.max, 1),
                    Self.fixed(s.crossTrack?.rmse, 2), Self.fixed(s.crossTrack?.p95, 2), Self.fixed(s.lineError?.p95, 2),
                    Self.fixed(s.moved?.rmse, 2), moving,
                    Self.ratio(s.pauses), Self.ratio(s.anomalies["any"]), Self.fixed(s.runtime * 1000, 1)]
        }
    }

    /// The page ``HTMLReport/compare(_:)`` draws: the table's columns, each cell sortable by its number.
    func htmlView(datasets: [CompareReportView.Dataset]) -> CompareReportView {
        let rows = tableRows.map { row in
            row.map { text in ReportTable.Cell(text, sortValue: Double(text.hasPrefix("+") ? String(text.dropFirst()) : text)) }
        }
        var facts = pipelines.map { ReportFact($0.name, "sha256 \($0.sha256.prefix(12)) · \($0.source)") }
        facts.append(ReportFact("TrackPipe", trackpipeVersion))
        return CompareReportView(pipelines: pipelines.map(\.name), facts: facts, datasets: datasets,
                                 scores: ReportTable(headers: Self.headers, rows: rows))
    }

    /// The aligned table plus, below it, per-kind anomaly precision and recall, drops by stage and rule, and
    /// what was skipped.
    func table() -> String {
        var out = TextTable.render(headers: Self.headers, rows: tableRows)
        let kinds = AnomalyKind.anomalies.map(\.rawValue).filter { k in results.contains { $0.score.anomalies[k] != nil } }
        if !kinds.isEmpty {
            out += "\nAnomaly detection by kind (precision/recall of the dropped fixes):\n"
            let rows = results.filter { !$0.score.anomalies.isEmpty }.map { e in
                [e.dataset, e.score.pipeline] + kinds.map { Self.ratio(e.score.anomalies[$0]) }
            }
            out += TextTable.render(headers: ["dataset", "pipeline"] + kinds, rows: rows)
        }
        let dropRows = results.filter { !$0.score.dropsByRule.isEmpty }.map { e in
            [e.dataset, e.score.pipeline, e.score.dropsByRule.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")]
        }
        if !dropRows.isEmpty {
            out += "\nDrops by stage/rule:\n" + TextTable.render(headers: ["dataset", "pipeline", "drops"], rows: dropRows)
        }
        // What was skipped, once per dataset when every pipeline skipped the same, else per pipeline.
        var skipped: [String] = []
        let pipelineCount = Set(results.map(\.score.pipeline)).count
        for dataset in results.map(\.dataset).reduce(into: [String](), { if !$0.contains($1) { $0.append($1) } }) {
            let entries = results.filter { $0.dataset == dataset && !$0.score.skipped.isEmpty }
            var texts: [String] = []
            for e in entries { for t in e.score.skipped where !texts.contains(t) { texts.append(t) } }
            for text in texts {
                let who = entries.filter { $0.score.skipped.contains(text) }.map(\.score.pipeline)
                let scope = who.count == pipelineCount ? "" : " (" + who.joined(separator: ", ") + ")"
                skipped.append("\(dataset)\(scope): skipped \(text)")
            }
        }
        if !skipped.isEmpty { out += "\n" + skipped.joined(separator: "\n") + "\n" }
        return out
    }

    func markdown() -> String { TextTable.markdown(headers: Self.headers, rows: tableRows) }

    /// CSV with every figure (RFC 4180 quoting where needed).
    func csv() -> String {
        let kinds = AnomalyKind.anomalies.map(\.rawValue)
        var headers = ["dataset", "pipeline", "truth", "records", "kept", "dropped", "distance_m", "true_distance_m",
                       "distance_error_m", "distance_error_pct", "position_rmse_m", "position_p95_m", "position_max_m",
                       "cross_track_rmse_m", "cross_track_p95_m", "line_error_rmse_m", "line_error_p95_m",
                       "moved_rmse_m", "moved_p95_m", "moved_max_m", "moving_time_s", "true_moving_time_s",
                       "pause_precision", "pause_recall", "anomaly_precision", "anomaly_recall"]
        headers += kinds.flatMap { ["\($0)_precision", "\($0)_recall"] }
        headers += ["drops_by_rule", "runtime_ms", "skipped"]
        func n(_ v: Double?) -> String { v.flatMap { $0.isFinite ? DecimalFormat.short($0) : nil } ?? "" }
        func quote(_ s: String) -> String {
            s.contains(",") || s.contains("\"") || s.contains("\n") ? "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : s
        }
        var out = headers.joined(separator: ",") + "\n"
        for e in results {
            let s = e.score
            var cells = [e.dataset, s.pipeline, s.truth, String(s.records), String(s.kept), String(s.dropped),
                         n(s.distance), n(s.trueDistance), n(s.distanceError), n(s.distanceErrorPercent),
                         n(s.position?.rmse), n(s.position?.p95), n(s.position?.max), n(s.crossTrack?.rmse), n(s.crossTrack?.p95),
                         n(s.lineError?.rmse), n(s.lineError?.p95), n(s.moved?.rmse), n(s.moved?.p95), n(s.moved?.max),
                         n(s.movingTime), n(s.trueMovingTime), n(s.pauses?.precision), n(s.pauses?.recall),
                         n(s.anomalies["any"]?.precision), n(s.anomalies["any"]?.recall)]
            for k in kinds { cells += [n(s.anomalies[k]?.precision), n(s.anomalies[k]?.recall)] }
            cells += [s.dropsByRule.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ";"),
                      n(s.runtime * 1000), s.skipped.joined(separator: "; ")]
            out += cells.map(quote).joined(separator: ",") + "\n"
        }
        return out
    }
}
