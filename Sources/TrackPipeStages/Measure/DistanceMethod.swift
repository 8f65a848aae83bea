import TrackPipe

/// How the `distance` stage measured, published with the figures so a report states it.
public struct DistanceMethod: Sendable, Hashable, Codable {
    /// `local`, `vincenty` or `haversine`.
    public var formula: DistanceFormula
    /// True when altitude changes were included (3D).
    public var threeDimensional: Bool
    /// `steps` or `speed` (see `StepMeasure`).
    public var method: StepMeasure
    /// Window (s) and percentile of the robust maximum speed.
    public var maxSpeedWindow: Double
    public var maxSpeedPercentile: Double

    public init(formula: DistanceFormula, threeDimensional: Bool, method: StepMeasure = .steps, maxSpeedWindow: Double,
                maxSpeedPercentile: Double) {
        self.formula = formula
        self.threeDimensional = threeDimensional
        self.method = method
        self.maxSpeedWindow = maxSpeedWindow
        self.maxSpeedPercentile = maxSpeedPercentile
    }
}

/// The `distance` stage's method (annotation `distance-method`).
public enum DistanceMethodKey: AnnotationKey {
    public typealias Value = DistanceMethod
    public static let name = "distance-method"
}
