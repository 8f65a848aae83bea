import TrackPipe
import TrackPipeIO
import TrackPipeLab
import TrackPipeStages

/// What the command line hands the HTML report: the split and badge markers and the summary figures, taken
/// from the stages' annotations (which TrackPipeIO does not know), formatted in the user's units.
enum HTMLReportContent {
    static func runView(name: String, recorded: Track, result: PipelineResult, units: UnitSystem) -> RunReportView {
        let start = recorded.fixes.compactMap(\.time).min()
        var facts: [ReportFact] = [ReportFact("fixes", "\(result.input.records) read, \(result.track.fixes.count) kept, \(result.dropped.count) dropped")]
        if let a = result.activity { facts.append(ReportFact("activity", a.source == .track ? a.activity.rawValue : a.reason)) }
        for item in result.summary { facts.append(ReportFact(item.label, RunSummaryTable.format(item, units: units))) }
        var markers: [ReportMarker] = []
        if let splits = result.annotations[SplitsKey.self] {
            markers += splitMarkers(splits, track: result.track, cumulative: result.annotations[CumulativeDistanceKey.self], start: start, units: units)
        }
        // The badges stage's own summary figures name the best and the next badge and the distance left.
        if let badges = result.annotations[BadgesKey.self] {
            var previous: Double?
            for c in badges.checkpoints {
                var detail = [RunFormatter.distance(c.crossing.distance, units: units)]
                if let t = c.crossing.time, let start { detail.append("at " + RunFormatter.duration(t - start)) }
                detail.append(RunFormatter.pace(secondsPerMetre: c.stretchPace, units: units) + (previous == nil ? " from the start" : " since the previous badge"))
                markers.append(ReportMarker(kind: .badge, point: c.crossing.point, title: c.badge.name, detail: detail.joined(separator: " · "), time: c.crossing.time))
                previous = c.crossing.distance
            }
        }
        if let places = result.annotations[RunPlacesKey.self] {
            for (role, _, nearby) in places.named {
                markers.append(ReportMarker(kind: .place, point: nearby.point, title: "\(role): near \(nearby.place.name)",
                                            detail: "\(RunFormatter.distance(nearby.distance, units: units)) \(nearby.direction)", time: nearby.time))
            }
        }
        return RunReportView(name: name, recorded: recorded, result: result, markers: markers, facts: facts)
    }

    /// A marker at the end of every whole split, placed along the kept track where its cumulative distance
    /// reaches the split's end (interpolated between the two fixes around it).
    static func splitMarkers(_ splits: Splits, track: Track, cumulative: PerFixSeries?, start: Double?, units: UnitSystem) -> [ReportMarker] {
        guard let cumulative else { return [] }
        var markers: [ReportMarker] = []
        var i = 0
        let fixes = track.fixes
        var previous: (fix: Fix, distance: Double)?
        for split in splits.splits where !split.isPartial {
            while i < fixes.count {
                guard let d = cumulative.value(forSourceIndex: fixes[i].sourceIndex) else { i += 1; continue }
                if d >= split.endDistance { break }
                previous = (fixes[i], d)
                i += 1
            }
            guard i < fixes.count, let d = cumulative.value(forSourceIndex: fixes[i].sourceIndex) else { break }
            var point = fixes[i].point
            if let previous, d > previous.distance {
                let f = (split.endDistance - previous.distance) / (d - previous.distance)
                point = GeoPoint(latitude: previous.fix.latitude + (fixes[i].latitude - previous.fix.latitude) * f,
                                 longitude: previous.fix.longitude + Geodesy.wrappedLongitudeDelta(previous.fix.longitude, fixes[i].longitude) * 180 / .pi * f)
            }
            let unit = units.distanceSymbol
            var detail = [RunFormatter.pace(secondsPerMetre: split.pace, units: units), "moving " + RunFormatter.duration(split.movingTime)]
            if let end = split.endTime, let start { detail.append("at " + RunFormatter.duration(end - start)) }
            markers.append(ReportMarker(kind: .split, point: point, title: "\(unit) \(split.index)", detail: detail.joined(separator: " · "), time: split.endTime))
        }
        return markers
    }
}
