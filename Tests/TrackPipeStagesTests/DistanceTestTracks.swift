import TrackPipe

/// Metres per degree of longitude on the equator by the local (default) formula: the prime-vertical radius of
/// curvature there is the WGS84 semi-major axis, so one degree is exactly a·π/180 — a closed form computed
/// independently of the code under test.
let metresPerEquatorDegree = 6_378_137.0 * .pi / 180

/// `n` fixes eastward along the equator from longitude 0, `stepDegrees` apart and `interval` seconds apart
/// (no times when `interval` is nil).
func equatorTrack(_ n: Int, stepDegrees: Double, interval: Double? = 1, start: Double = 1_700_000_000,
                  altitude: ((Int) -> Double?)? = nil) -> [Fix] {
    (0..<n).map { i in
        Fix(time: interval.map { start + Double(i) * $0 }, latitude: 0, longitude: Double(i) * stepDegrees,
            altitude: altitude?(i), horizontalAccuracy: 5, sourceIndex: i)
    }
}

/// Step in degrees of longitude on the equator for `metres`.
func equatorDegrees(_ metres: Double) -> Double { metres / metresPerEquatorDegree }

extension StageOutput {
    func summaryValue(_ key: String) -> Double? { summary.first { $0.key == key }?.value }
}
