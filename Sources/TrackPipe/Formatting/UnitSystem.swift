/// The units figures are shown in at the edges (terminal tables, messages). Inside TrackPipe everything is SI.
public enum UnitSystem: String, Sendable, Hashable, Codable, CaseIterable {
    /// Kilometres, pace per km, km/h. The default.
    case metric
    /// Miles (international mile, 1 609.344 m), pace per mile, mph.
    case imperial

    /// Metres in one distance unit: 1 000 (km) or 1 609.344 (mi).
    public var metresPerDistanceUnit: Double {
        switch self {
        case .metric: return 1000
        case .imperial: return 1609.344
        }
    }

    /// `km` or `mi`.
    public var distanceSymbol: String {
        switch self {
        case .metric: return "km"
        case .imperial: return "mi"
        }
    }

    /// `km/h` or `mph`.
    public var speedSymbol: String {
        switch self {
        case .metric: return "km/h"
        case .imperial: return "mph"
        }
    }
}
