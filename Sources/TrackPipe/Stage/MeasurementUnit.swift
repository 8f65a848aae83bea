/// The SI unit of a parameter, a measured value or a summary figure. Values inside TrackPipe are always in
/// these units; conversion to km, min/km or miles happens only at the edges (terminal output).
public enum MeasurementUnit: String, Sendable, Hashable, Codable, CaseIterable {
    case none = ""
    case metres = "m"
    case seconds = "s"
    case metresPerSecond = "m/s"
    case metresPerSecondSquared = "m/s²"
    /// Spectral density of white-noise acceleration (Kalman process noise q).
    case metresSquaredPerSecondCubed = "m²/s³"
    case degrees = "°"
    case count = "fixes"
    case ratio = "ratio"
    case secondsPerMetre = "s/m"

    /// The symbol printed after a value (empty for dimensionless values).
    public var symbol: String { rawValue }
}
