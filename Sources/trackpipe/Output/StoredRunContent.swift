import TrackPipe
import TrackPipeIO
import TrackPipeStages
import TrackPipeStore

/// A run as the store keeps it, from the pipeline's result and the stages' annotations (splits, badges,
/// cumulative distance), which the store module does not know.
enum StoredRunContent {
    /// Reads `path` once: the track and, when `hashing`, the SHA-256 of the file's bytes that names the run in
    /// the store and in a batch summary. `-` (standard input, never hashed) reads as `TrackInput.read` does.
    static func read(_ path: String, hashing: Bool) throws -> (track: Track, sha256: String?) {
        guard hashing, path != "-" else { return (try TrackInput.read(path, format: nil), nil) }
        let bytes = try TrackReader.readFile(path)
        let track = try TrackReader.activity(bytes: bytes, format: TrackFormat(pathExtension: path), sourceName: path).track
        return (track, SpecDigest.sha256Hex(bytes: bytes))
    }

    static func make(path: String, sha256: String, recorded: Track, result: PipelineResult) -> StoredRun {
        let cumulative = result.annotations[CumulativeDistanceKey.self]
        let points = result.track.fixes.map { f in
            StoredRun.Point(time: f.time, latitude: f.latitude, longitude: f.longitude, altitude: f.altitude, segment: f.segment,
                            distance: cumulative?.value(forSourceIndex: f.sourceIndex))
        }
        let splits = (result.annotations[SplitsKey.self]?.splits ?? []).map {
            StoredRun.Split(index: $0.index, startDistance: $0.startDistance, endDistance: $0.endDistance, movingTime: $0.movingTime,
                            elapsedTime: $0.elapsedTime, isPartial: $0.isPartial)
        }
        let checkpoints = (result.annotations[BadgesKey.self]?.checkpoints ?? []).map {
            StoredRun.Checkpoint(badge: $0.badge.name, badgeDistance: $0.badge.distance, time: $0.crossing.time, movingTime: $0.crossing.movingTime)
        }
        // Start, distance and times as `badges` takes them from a run (the distance stage's figures, or the kept
        // track measured with the default rules), so badges over the store and over the files agree.
        let summary = RunSummary(name: path, result: result)
        return StoredRun(
            inputPath: path, inputSHA256: sha256, pipelineSHA256: SpecDigest.sha256Hex(result.provenance.canonicalSpec),
            pipelineName: result.provenance.pipelineName, trackpipeVersion: result.provenance.trackpipeVersion,
            activity: result.activity?.activity.rawValue ?? recorded.activity?.rawValue,
            start: summary.start, recordsRead: result.input.records, kept: result.track.fixes.count,
            dropped: result.dropped.count, distance: summary.distance, movingTime: summary.movingTime, elapsedTime: summary.elapsedTime,
            points: points, splits: splits, checkpoints: checkpoints,
            startPlace: result.annotations[RunPlacesKey.self]?.start?.place.label)
    }
}
