import Foundation

/// Running-app formatting of SI figures: pace `5:32 /km` or `8:54 /mi`, durations `H:MM:SS`, distances in km
/// or mi, speeds in km/h or mph. Pure functions, used only at the edges.
///
/// Rules:
/// - Anything undefined — zero distance, zero or unknown time, a negative, infinite or NaN input — prints as
///   ``dash`` ("–"), never `inf`, `nan` or a negative time.
/// - Times are rounded to the nearest whole second **before** being split into hours, minutes and seconds,
///   so 5:59.6 prints as `6:00`, never `5:60`.
/// - Durations are always `H:MM:SS` (`0:25:03`), so a table column lines up whatever the length; paces are
///   `M:SS` (`5:32 /km`) and grow to `H:MM:SS` only for paces of an hour or more per unit.
public enum RunFormatter {
    /// Printed for an undefined figure (an en dash).
    public static let dash = "–"

    /// `seconds` as `H:MM:SS`, rounded to the nearest second; ``dash`` when negative or not finite.
    public static func duration(_ seconds: Double?) -> String {
        guard let whole = wholeSeconds(seconds) else { return dash }
        let h = whole / 3600, m = (whole % 3600) / 60, s = whole % 60
        return "\(h):\(twoDigits(m)):\(twoDigits(s))"
    }

    /// `seconds` as `M:SS` under an hour, `H:MM:SS` from an hour; ``dash`` when negative or not finite.
    public static func clock(_ seconds: Double?) -> String {
        guard let whole = wholeSeconds(seconds) else { return dash }
        if whole >= 3600 { return duration(Double(whole)) }
        return "\(whole / 60):\(twoDigits(whole % 60))"
    }

    /// A pace given in seconds per metre as `5:32 /km` (or `/mi`); ``dash`` when not positive and finite.
    public static func pace(secondsPerMetre: Double?, units: UnitSystem = .metric) -> String {
        guard let spm = secondsPerMetre, spm.isFinite, spm > 0 else { return dash }
        let perUnit = spm * units.metresPerDistanceUnit
        guard perUnit.isFinite else { return dash }
        return clock(perUnit) + " /" + units.distanceSymbol
    }

    /// The pace of covering `metres` in `seconds`; ``dash`` when either is zero, negative, unknown or not finite.
    public static func pace(metres: Double?, seconds: Double?, units: UnitSystem = .metric) -> String {
        guard let d = metres, let t = seconds, d.isFinite, t.isFinite, d > 0, t > 0 else { return dash }
        return pace(secondsPerMetre: t / d, units: units)
    }

    /// `metres` as `12.35 km` (or `mi`) with `decimals` places; ``dash`` when negative or not finite.
    public static func distance(_ metres: Double?, units: UnitSystem = .metric, decimals: Int = 2) -> String {
        guard let m = metres, m.isFinite, m >= 0 else { return dash }
        return String(format: "%.\(max(0, min(decimals, 6)))f", m / units.metresPerDistanceUnit) + " " + units.distanceSymbol
    }

    /// A signed change of distance in metres, as `−52.3 m` or `−1.20 km` (`−171.6 ft` or `−0.75 mi`): short changes
    /// in the small unit, since a thinning stage's change of a few metres reads as `−0.00 km`; ``dash`` when not
    /// finite.
    public static func distanceChange(_ metres: Double?, units: UnitSystem = .metric) -> String {
        guard let m = metres, m.isFinite else { return dash }
        let sign = m < 0 ? "−" : "+"
        let large = abs(m) / units.metresPerDistanceUnit
        if large >= 1 { return sign + String(format: "%.2f", large) + " " + units.distanceSymbol }
        switch units {
        case .metric: return sign + String(format: "%.1f", abs(m)) + " m"
        case .imperial: return sign + String(format: "%.1f", abs(m) / 0.3048) + " ft"
        }
    }

    /// A speed in m/s as `11.2 km/h` (or `mph`); ``dash`` when negative or not finite.
    public static func speed(_ metresPerSecond: Double?, units: UnitSystem = .metric, decimals: Int = 1) -> String {
        guard let v = metresPerSecond, v.isFinite, v >= 0 else { return dash }
        let perHour = v * 3600 / units.metresPerDistanceUnit
        return String(format: "%.\(max(0, min(decimals, 6)))f", perHour) + " " + units.speedSymbol
    }

    /// `seconds` rounded half up to a whole number, or `nil` when negative, not finite or absurdly large.
    private static func wholeSeconds(_ seconds: Double?) -> Int? {
        guard let s = seconds, s.isFinite, s >= 0, s < 1e12 else { return nil }
        return Int((s + 0.5).rounded(.down))
    }

    private static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
