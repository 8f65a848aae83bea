import TrackPipe

/// Speed and course as a GNSS receiver reports them, measured from the carrier's Doppler shift: far more
/// accurate than differencing positions (a few tenths of a m/s), and independent of the position error.
///
/// Per axis (east, north) the measured velocity is the true velocity — in ground metres, those the truth's
/// distance is measured in (WGS84), not the route's projection metres — plus white noise (``whiteSigma``) and a
/// slowly correlated error (Gauss–Markov, ``biasSigma`` over ``biasTimeConstant``), both × the position
/// error's building factor near buildings. The fix's `speed` is the measured velocity's magnitude (m/s,
/// rounded to 0.01) and its `course` the measured direction (degrees clockwise from north, 0.1), reported only
/// when the measured speed is at least ``courseMinimumSpeed`` — receivers flag course invalid near standstill,
/// where the direction of a few cm/s of noise means nothing. A fraction ``dropoutProbability`` of fixes carry
/// neither; cell-tower/Wi-Fi fixes never do (no satellites, no Doppler). Positions are unchanged.
public struct DopplerEffect: Sendable, Hashable, Codable {
    /// Off by default, so the committed datasets without speed stay what they are; the `-doppler` variants
    /// switch it on.
    public var enabled = false
    /// Per-axis 1-σ of the white part of the velocity error, m/s. Default 0.15 (receivers: 0.1–0.3).
    public var whiteSigma = 0.15
    /// Per-axis 1-σ of the correlated part, m/s. Default 0.05.
    public var biasSigma = 0.05
    /// Correlation time of the correlated part, seconds. Default 20 s.
    public var biasTimeConstant = 20.0
    /// Course is reported only at a measured speed of at least this, m/s. Default 0.5.
    public var courseMinimumSpeed = 0.5
    /// Chance that a fix carries no speed and no course. Default 0.01.
    public var dropoutProbability = 0.01

    public init() {}
}
