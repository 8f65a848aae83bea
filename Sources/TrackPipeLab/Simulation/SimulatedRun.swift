import TrackPipe

/// A simulated run: the observed track a phone would have recorded, and the truth behind it.
public struct SimulatedRun: Sendable {
    /// The observed track, records in file order (`Fix/sourceIndex` = position in `Track/fixes`).
    public var track: Track
    /// One truth row per observed fix, ordered by source index.
    public var truth: [FixTruth]
    /// The complete true path, one sample per second (including seconds without a fix).
    public var path: [TruePathSample]
    /// The runner's stops, true time (arrival to departure).
    public var stops: [TimeSpan]
    /// The signal gaps, true time (no fix inside).
    public var gaps: [TimeSpan]

    public init(track: Track, truth: [FixTruth], path: [TruePathSample], stops: [TimeSpan], gaps: [TimeSpan]) {
        self.track = track
        self.truth = truth
        self.path = path
        self.stops = stops
        self.gaps = gaps
    }
}
