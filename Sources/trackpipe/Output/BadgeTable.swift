import TrackPipe
import TrackPipeIO
import TrackPipeStages

/// The terminal table of `trackpipe badges`.
enum BadgeTable {
    static func render(runs: [RunSummary], statuses: [BadgeStatus], units: UnitSystem) -> String {
        var lines: [String] = []
        let runRows = runs.sorted { ($0.start ?? .infinity) < ($1.start ?? .infinity) }.map { r in
            [r.name, date(r.start), RunFormatter.distance(r.distance, units: units),
             RunFormatter.duration(r.timeForSpeed), RunFormatter.pace(metres: r.distance, seconds: r.timeForSpeed, units: units)]
        }
        lines += TextTable.lines(headers: ["Run", "Date", "Distance", "Time", "Pace"], rows: runRows)
        lines.append("")
        let badgeRows = statuses.map { s in
            [s.badge.name, RunFormatter.distance(s.badge.distance, units: units), award(s.earned), award(s.silver),
             award(s.gold), award(s.best, units: units), s.advice(units: units)]
        }
        lines += TextTable.lines(headers: ["Badge", "Distance", "Earned", "Silver", "Gold", "Best", "Next"], rows: badgeRows)
        let earned = statuses.filter { $0.earned != nil }.count
        lines.append("")
        lines.append("\(earned) of \(statuses.count) badges earned over \(runs.count) run\(runs.count == 1 ? "" : "s"). "
            + "Average speed = distance / moving time.")
        return lines.joined(separator: "\n")
    }

    /// "2015-08-15 run.gpx", with the pace for the best run.
    static func award(_ a: BadgeAward?, units: UnitSystem? = nil) -> String {
        guard let a else { return RunFormatter.dash }
        var text = date(a.date) + " " + a.runName
        if let units, let v = a.averageSpeed, v > 0 { text += " (" + RunFormatter.pace(secondsPerMetre: 1 / v, units: units) + ")" }
        return text
    }

    /// The UTC date of `time`, `YYYY-MM-DD`, or a dash.
    static func date(_ time: Double?) -> String {
        guard let time, time.isFinite else { return RunFormatter.dash }
        return ISO8601Time.format(time).map { String($0.prefix(10)) } ?? RunFormatter.dash
    }
}
