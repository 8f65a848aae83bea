import Foundation
import TrackPipe

/// The terminal summary of `trackpipe run`: per input, one row per stage (fixes in and out, drops by rule,
/// changes, wall time) and the stages' summary figures converted for a person (km or mi, H:MM:SS, min/km).
enum RunSummaryTable {
    static func render(pipeline: Pipeline, runs: [(input: String, output: String?, result: PipelineResult)], units: UnitSystem) -> String {
        var text = "TrackPipe \(TrackPipeVersion.current) · pipeline '\(pipeline.spec.name)' (sha256 \(pipeline.spec.contentHash.prefix(12)))\n"
        for run in runs {
            let r = run.result
            // Made fixes (resampling) only when a stage made some: read + made = kept + dropped.
            let made = r.made.isEmpty ? "" : ", \(r.made.count) made"
            text += "\n\(run.input): \(r.input.records) read\(made), \(r.track.fixes.count) kept, \(r.dropped.count) dropped"
                + (run.output.map { " → \($0)" } ?? "") + "\n"
            var rows: [[String]] = [["stage", "in", "out", "dropped", "changed"] + (r.made.isEmpty ? [] : ["made"]) + ["time", "drops by rule"]]
            for s in r.stages {
                let rules = s.dropsByRule.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                    .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
                rows.append([s.label, "\(s.fixesIn)", "\(s.fixesOut)", "\(s.dropped)", "\(s.changed)"]
                             + (r.made.isEmpty ? [] : ["\(s.made ?? 0)"])
                             + [s.stage == Drop.readStage ? "" : formatWallTime(s.wallTime), rules])
            }
            text += table(rows, rightAligned: r.made.isEmpty ? [1, 2, 3, 4, 5] : [1, 2, 3, 4, 5, 6])
            if let a = r.activity, a.source != .track { text += "  Activity: \(a.reason)\n" }
            if !r.summary.isEmpty {
                text += r.summary.map { "  \($0.label): \(format($0, units: units))" }.joined(separator: "\n") + "\n"
            }
        }
        return text
    }

    /// A summary value in the units a runner reads, followed by its text when it has one ("0.82 km S of Winchester, …").
    static func format(_ item: SummaryItem, units: UnitSystem) -> String {
        guard let text = item.text else { return formatValue(item, units: units) }
        return formatValue(item, units: units) + " " + text
    }

    static func formatValue(_ item: SummaryItem, units: UnitSystem) -> String {
        switch item.unit {
        case .metres:
            // A change (a thinning stage's path-length change) is signed; a distance is never negative.
            return item.key.hasSuffix("-change") ? RunFormatter.distanceChange(item.value, units: units)
                : RunFormatter.distance(item.value, units: units)
        case .seconds: return RunFormatter.duration(item.value)
        case .secondsPerMetre: return RunFormatter.pace(secondsPerMetre: item.value, units: units)
        case .metresPerSecond: return RunFormatter.speed(item.value, units: units)
        case .count: return item.value.isFinite ? String(Int(item.value)) : "–"
        default:
            guard item.value.isFinite else { return "–" }
            return JSONValue.number(item.value).description + (item.unit.symbol.isEmpty ? "" : " \(item.unit.symbol)")
        }
    }

    static func formatWallTime(_ seconds: Double) -> String {
        seconds < 0.001 ? "\(Int((seconds * 1e6).rounded())) µs" : String(format: "%.1f ms", seconds * 1000)
    }

    static func table(_ rows: [[String]], rightAligned: Set<Int>) -> String {
        let widths = (0..<(rows.first?.count ?? 0)).map { c in rows.map { $0[c].count }.max() ?? 0 }
        return rows.map { row in
            "  " + row.enumerated().map { c, cell in
                let pad = String(repeating: " ", count: widths[c] - cell.count)
                return rightAligned.contains(c) ? pad + cell : cell + pad
            }.joined(separator: "  ").trimmingSuffixSpaces()
        }.joined(separator: "\n") + "\n"
    }
}

extension String {
    func trimmingSuffixSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
