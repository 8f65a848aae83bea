import Foundation
import TrackPipe
import TrackPipeIO
import TrackPipeStages

/// One input's row of `trackpipe run --summary`: the table an analyst loads first (pandas, DuckDB, Spark).
/// Units are in the column names; a figure the run did not produce (no distance stage, no times) is empty in
/// CSV and `null` in NDJSON. Every row has every column, in the order of ``columns``.
struct RunSummaryRow: Encodable, Sendable {
    var file: String
    /// SHA-256 of the input file's bytes (what `--resume` compares), when it could be read.
    var inputSha256: String?
    /// `ok`, or `failed` with ``error``.
    var status: String
    var error: String?
    /// Where the kept track was written, when it was.
    var output: String?
    var activity: String?
    var recordsRead: Int?
    var kept: Int?
    var dropped: Int?
    /// Fixes dropped per stage label, in pipeline order (stages that dropped nothing left out).
    var dropsByStage: [(stage: String, count: Int)] = []
    var distanceM: Double?
    var movingTimeS: Double?
    var elapsedTimeS: Double?
    /// Moving pace, seconds per kilometre.
    var paceSPerKm: Double?
    /// The first recorded fix's time, ISO 8601 UTC.
    var startTime: String?
    /// The kept track's bounding box, degrees.
    var minLatitude: Double?
    var minLongitude: Double?
    var maxLatitude: Double?
    var maxLongitude: Double?
    /// The populated places nearest to the start, the finish and the farthest point ("Winchester, United
    /// Kingdom"), when the pipeline has the `places` stage.
    var startPlace: String?
    var finishPlace: String?
    var farthestPlace: String?
    var pipelineSha256: String

    static let columns = ["file", "input_sha256", "status", "error", "output", "activity", "records_read", "kept", "dropped", "drops_by_stage",
                          "distance_m", "moving_time_s", "elapsed_time_s", "pace_s_per_km", "start_time",
                          "min_latitude", "min_longitude", "max_latitude", "max_longitude",
                          "start_place", "finish_place", "farthest_place", "pipeline_sha256"]

    /// The row of an input that failed.
    init(failed file: String, error: String, inputSha256: String?, pipelineSha256: String) {
        self.file = file
        self.inputSha256 = inputSha256
        status = "failed"
        self.error = error
        self.pipelineSha256 = pipelineSha256
    }

    /// The row of a finished run of `recorded`.
    init(file: String, inputSha256: String?, output: String?, recorded: Track, result: PipelineResult, pipelineSha256: String) {
        self.file = file
        self.inputSha256 = inputSha256
        status = "ok"
        self.output = output
        activity = result.activity?.activity.rawValue ?? recorded.activity?.rawValue
        recordsRead = result.input.records
        kept = result.track.fixes.count
        dropped = result.dropped.count
        dropsByStage = result.stages.filter { $0.dropped > 0 }.map { ($0.label, $0.dropped) }
        distanceM = result.summaryValue(DistanceStage.SummaryKey.distance)
        movingTimeS = result.summaryValue(DistanceStage.SummaryKey.movingTime)
        elapsedTimeS = result.summaryValue(DistanceStage.SummaryKey.elapsedTime)
        if let d = distanceM, let t = movingTimeS, d > 0, t > 0 { paceSPerKm = t / d * 1000 }
        startTime = recorded.fixes.lazy.compactMap(\.time).first.flatMap(ISO8601Time.format)
        if let first = result.track.fixes.first {
            var box = (first.latitude, first.longitude, first.latitude, first.longitude)
            for f in result.track.fixes {
                box = (min(box.0, f.latitude), min(box.1, f.longitude), max(box.2, f.latitude), max(box.3, f.longitude))
            }
            (minLatitude, minLongitude, maxLatitude, maxLongitude) = box
        }
        let places = result.annotations[RunPlacesKey.self]
        startPlace = places?.start?.place.label
        finishPlace = places?.finish?.place.label
        farthestPlace = places?.farthest?.place.label
        self.pipelineSha256 = pipelineSha256
    }

    /// The row's cells as CSV fields, in ``columns`` order (numbers as Swift prints them: shortest round-trip).
    var csvFields: [String] {
        func n(_ v: Double?) -> String { v.flatMap { $0.isFinite ? "\($0)" : nil } ?? "" }
        func i(_ v: Int?) -> String { v.map(String.init) ?? "" }
        // One line per row, so a summary can be read back line by line (`--resume`): line breaks in an error
        // message become spaces.
        let oneLineError = (error ?? "").replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
        return [file, inputSha256 ?? "", status, oneLineError, output ?? "", activity ?? "", i(recordsRead), i(kept), i(dropped),
                dropsByStage.map { "\($0.stage)=\($0.count)" }.joined(separator: ";"),
                n(distanceM), n(movingTimeS), n(elapsedTimeS), n(paceSPerKm), startTime ?? "",
                n(minLatitude), n(minLongitude), n(maxLatitude), n(maxLongitude),
                startPlace ?? "", finishPlace ?? "", farthestPlace ?? "", pipelineSha256]
    }

    /// One CSV line (RFC 4180 quoting), without the newline.
    var csvLine: String { csvFields.map(Self.quote).joined(separator: ",") }

    static var csvHeader: String { columns.joined(separator: ",") }

    static func quote(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// NDJSON: every column, `null` where there is no value; `drops_by_stage` an object.
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        func put<T: Encodable>(_ value: T?, _ name: String) throws { try c.encode(value, forKey: Key(stringValue: name)) }
        func put(_ value: Double?, _ name: String) throws { try c.encode(value.flatMap { $0.isFinite ? $0 : nil }, forKey: Key(stringValue: name)) }
        try put(file, "file"); try put(inputSha256, "input_sha256"); try put(status, "status"); try put(error, "error"); try put(output, "output")
        try put(activity, "activity"); try put(recordsRead, "records_read"); try put(kept, "kept"); try put(dropped, "dropped")
        var drops = c.nestedContainer(keyedBy: Key.self, forKey: Key(stringValue: "drops_by_stage"))
        for d in dropsByStage { try drops.encode(d.count, forKey: Key(stringValue: d.stage)) }
        try put(distanceM, "distance_m"); try put(movingTimeS, "moving_time_s"); try put(elapsedTimeS, "elapsed_time_s")
        try put(paceSPerKm, "pace_s_per_km"); try put(startTime, "start_time")
        try put(minLatitude, "min_latitude"); try put(minLongitude, "min_longitude")
        try put(maxLatitude, "max_latitude"); try put(maxLongitude, "max_longitude")
        try put(startPlace, "start_place"); try put(finishPlace, "finish_place"); try put(farthestPlace, "farthest_place")
        try put(pipelineSha256, "pipeline_sha256")
    }

    /// One NDJSON line, without the newline. (Encoding cannot fail: non-finite numbers are written `null`.)
    var jsonLine: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return (try? String(decoding: encoder.encode(self), as: UTF8.self)) ?? "{}"
    }
}
