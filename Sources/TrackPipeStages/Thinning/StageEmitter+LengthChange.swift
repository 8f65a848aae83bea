import TrackPipe

extension StageEmitter {
    /// Publishes how much a thinning stage changed the path length — the sum of the straight steps between
    /// consecutive fixes of a segment, the line as drawn — under `key`: metres, negative when shorter.
    mutating func summarizeLengthChange(key: String, stage: String, before: Double, after: Double) {
        summarize(key, label: "Path length change (\(stage))", value: after - before, unit: .metres)
    }
}
