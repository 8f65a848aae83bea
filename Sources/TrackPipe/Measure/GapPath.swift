import Foundation

/// The way a receiver most plausibly went across a gap in a recording, from the positions and the velocities
/// (speed and course) of the fixes either side: the cubic Hermite curve from the first position to the second
/// whose tangents are the two velocities times the gap's duration — a smoother with a constant-velocity motion
/// model (white acceleration, as `track-smoother`'s) interpolates a gap along exactly this curve — or, when it is
/// shorter, the corner: two straight legs along the two courses, meeting ahead of the first fix and behind the
/// second. A runner follows streets; where a gap ends just past a street corner the curve, turning all the way
/// across the gap, bulges (`stop-and-go-doppler`'s minute-long gap: 187 m by the curve's bound, 156 m run, the
/// corner 152 m), while on a bend the legs are longer than the arc and the curve stays.
///
/// ``DistanceAccumulator`` holds a gap's length by its speeds within the positions' noise of this length (see
/// ``StepMeasure/speed``): the speeds alone count the runner's speed at the gap's two ends for the whole gap —
/// too long when they stopped at a light inside it (+36 m in one 61-s gap of `stop-and-go-doppler`), too short
/// when they set off from a standstill — while the curve goes where the positions say.
///
/// Tangents: a single cubic is shorter than the circular arc it follows when its tangents are the arc's speed
/// times the duration (a quarter circle 0.8 % short, a half circle 9.5 %). They are scaled by 4 tan(θ/4) / θ, θ
/// the angle between the two velocities, which makes the curve the usual cubic approximation of a circular arc of
/// that turn (a quarter circle's length +0.014 %, a half circle's +0.96 %) and leaves a straight gap (θ = 0)
/// unscaled. On simulated runs (seeds 1–20) the scaled tangents measured the 400 m track's 194 gaps closer (the
/// sum of their errors −307 → −66 m) and the other scenarios' gaps about as well (sums of |error| within 4 %).
///
/// Units: metres, seconds, m/s; course in degrees clockwise from true north. The two positions are put on a
/// local flat frame (the WGS84 radii of curvature at the mid-latitude, as ``DistanceFormula/local``), so a gap of
/// more than ``Geodesy/localApproximationLimit`` is not described (`init` returns `nil`).
struct GapPath: Sendable {
    /// The second position relative to the first, metres east and north.
    let east: Double
    let north: Double
    /// The velocities at the two ends (``GroundVelocity``: m/s east and north).
    let start: GroundVelocity
    let end: GroundVelocity
    /// The gap's duration, seconds (> 0).
    let duration: Double

    /// The factor on the tangents, 4 tan(θ/4) / θ for a turn of θ between the two velocities (1 when either is
    /// zero or they are parallel; 4/π ≈ 1.27 for a reversal).
    var tangentScale: Double {
        let cross = start.east * end.north - start.north * end.east
        let dot = start.east * end.east + start.north * end.north
        guard cross != 0 || dot < 0 else { return 1 }
        let theta = abs(atan2(cross, dot))
        return theta > 1e-9 ? 4 * tan(theta / 4) / theta : 1
    }

    /// The path's length, metres: the shorter of ``curveLength`` and ``cornerLength`` (when there is a corner).
    var length: Double {
        let curve = curveLength
        guard let corner = cornerLength else { return curve }
        return min(curve, corner)
    }

    /// The two legs' length, metres, when the line along the first velocity from the first position and the line
    /// along the second velocity into the second position meet ahead of the first and behind the second; `nil`
    /// when either speed is zero or the courses are parallel (within 1e-6 rad).
    var cornerLength: Double? {
        let a = start.speed, b = end.speed
        guard a > 0, b > 0 else { return nil }
        let (ae, an) = (start.east / a, start.north / a), (be, bn) = (end.east / b, end.north / b)
        // s·(ae, an) + t·(be, bn) = (east, north), by Cramer's rule.
        let det = ae * bn - an * be
        guard abs(det) > 1e-6 else { return nil }
        let s = (east * bn - north * be) / det, t = (ae * north - an * east) / det
        guard s >= 0, t >= 0, (s + t).isFinite else { return nil }
        return s + t
    }

    /// The curve's length, metres: ∫₀¹ |p′(u)| du by Gauss–Legendre quadrature, three points on each of 16
    /// equal panels (exact when |p′| is a polynomial of degree ≤ 5 on each panel, e.g. on a straight gap with no
    /// reversal, whose length is then the straight line's).
    var curveLength: Double {
        let k = tangentScale * duration
        let (ae, an) = (k * start.east, k * start.north)
        let (be, bn) = (k * end.east, k * end.north)
        // p′(u) = (3u² − 4u + 1) a + 6u(1 − u) d + (3u² − 2u) b, with d the chord and a, b the scaled tangents.
        func speed(_ u: Double) -> Double {
            let ha = (3 * u - 4) * u + 1, hd = 6 * u * (1 - u), hb = (3 * u - 2) * u
            let e = ha * ae + hd * east + hb * be
            let n = ha * an + hd * north + hb * bn
            return (e * e + n * n).squareRoot()
        }
        let panels = 16
        let h = 1 / Double(panels)
        let offset = (3.0 / 5).squareRoot() / 2 * h
        var sum = 0.0
        for i in 0..<panels {
            let middle = (Double(i) + 0.5) * h
            sum += 5 * speed(middle - offset) + 8 * speed(middle) + 5 * speed(middle + offset)
        }
        return sum * h / 18
    }
}

extension GapPath {
    /// The path from `from` to `to`; `nil` unless both have valid coordinates, a finite non-negative speed and a
    /// finite course, the time increases, and the positions are at most ``Geodesy/localApproximationLimit`` apart.
    init?(from: Fix, to: Fix) {
        guard let t0 = from.time, let t1 = to.time, t1 > t0, (t1 - t0).isFinite,
              let start = GroundVelocity(from), let end = GroundVelocity(to),
              DistanceAccumulator.hasValidCoordinates(from), DistanceAccumulator.hasValidCoordinates(to) else { return nil }
        let (east, north) = Geodesy.localOffset(from.point, to.point)
        guard (east * east + north * north).squareRoot() <= Geodesy.localApproximationLimit else { return nil }
        self.init(east: east, north: north, start: start, end: end, duration: t1 - t0)
    }
}
