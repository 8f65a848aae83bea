import TrackPipe

/// Every built-in stage, in the order `trackpipe stages` lists them (roughly the order a pipeline uses them).
public enum BuiltinStages {
    public static let all: [any Stage.Type] = [
        AccuracyGateStage.self,
        DiscardStage.self,
        FixAgeStage.self,
        ThinStage.self,
        SimplifyStage.self,
        ResampleStage.self,
        PrivacyZonesStage.self,
        SplitTrackStage.self,
        TimestampMonotonicityStage.self,
        TimestampRepairStage.self,
        SupermanJumpStage.self,
        AutoPauseStage.self,
        ElevationStage.self,
        KalmanFilterStage.self,
        KalmanSmootherStage.self,
        TrackSmootherStage.self,
        DistanceStage.self,
        SplitsStage.self,
        BadgesStage.self,
        PlacesStage.self,
    ]
}

extension StageRegistry {
    /// A registry holding every built-in stage. Third parties register theirs on top.
    public static func builtIn() throws -> StageRegistry {
        var registry = StageRegistry()
        for type in BuiltinStages.all {
            try registry.register(type)
        }
        return registry
    }
}
