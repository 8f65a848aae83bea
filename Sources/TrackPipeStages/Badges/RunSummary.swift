import TrackPipe

/// What the across-runs badge evaluation needs to know about one run.
public struct RunSummary: Sendable, Hashable, Codable {
    /// How to name the run to a person (its file name, or the track's name).
    public var name: String
    /// Start time, UTC seconds since 1970; `nil` for a run without times.
    public var start: Double?
    /// Distance, metres.
    public var distance: Double
    /// Moving time, seconds (the `distance` stage's: pauses and segment breaks excluded); `nil` when unknown.
    public var movingTime: Double?
    /// Elapsed time, seconds; used for the average speed when there is no moving time.
    public var elapsedTime: Double?
    /// Which of the two times ``timeForSpeed`` (and so the average speed that silver, gold and best compare)
    /// uses; default moving time.
    public var speedBasis: SpeedBasis = .moving

    public init(name: String, start: Double?, distance: Double, movingTime: Double?, elapsedTime: Double? = nil) {
        self.name = name
        self.start = start
        self.distance = distance
        self.movingTime = movingTime
        self.elapsedTime = elapsedTime
    }

    /// The run's figures from a pipeline result: the `distance` stage's summary figures when the pipeline
    /// had one, otherwise measured here on the kept track with the default distance rules
    /// (`DistanceAccumulator`). Start is the first kept fix's time.
    public init(name: String, result: PipelineResult) {
        let start = result.track.fixes.lazy.compactMap(\.time).first
        if let d = result.summaryValue(DistanceStage.SummaryKey.distance) {
            self.init(name: name, start: start, distance: d,
                      movingTime: result.summaryValue(DistanceStage.SummaryKey.movingTime),
                      elapsedTime: result.summaryValue(DistanceStage.SummaryKey.elapsedTime))
        } else {
            self.init(name: name, track: result.track)
        }
    }

    /// The run's figures measured on `track` with the default distance rules, for the activity a pipeline would
    /// judge it by (its own, or the one its speeds suggest: `ActivityInference`).
    public init(name: String, track: Track, distance settings: DistanceParameters = DistanceParameters()) {
        var accumulator = settings.accumulator(for: ActivityInference.resolve(track).activity)
        for fix in track.fixes { accumulator.advance(fix) }
        self.init(name: name, start: track.fixes.lazy.compactMap(\.time).first, distance: accumulator.distance,
                  movingTime: accumulator.elapsedTime == nil ? nil : accumulator.movingTime,
                  elapsedTime: accumulator.elapsedTime)
    }

    /// The time average speed is measured over: by ``speedBasis``, moving time (else elapsed time) or elapsed
    /// time (else moving time); `nil` when neither is positive.
    public var timeForSpeed: Double? {
        let moving = movingTime.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        let elapsed = elapsedTime.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        switch speedBasis {
        case .moving: return moving ?? elapsed
        case .elapsed: return elapsed ?? moving
        }
    }

    /// Average speed, m/s = distance / ``timeForSpeed``; `nil` without a time.
    public var averageSpeed: Double? {
        guard let t = timeForSpeed, distance.isFinite, distance >= 0 else { return nil }
        return distance / t
    }
}
