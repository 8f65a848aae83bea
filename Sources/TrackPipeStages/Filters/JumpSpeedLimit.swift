import TrackPipe

/// The fastest plausible speed per activity, metres per second: `superman-jump`'s default limit. Each is a
/// documented human or vehicle extreme plus headroom, so that a real effort is never cut; the filter is for
/// kilometre-sized GPS jumps, not for policing pace. Accuracy radii are subtracted from the step before the
/// speed is computed, so noise does not need to fit under these limits.
public enum JumpSpeedLimit {
    /// Running: 12.5 m/s (45 km/h) — Usain Bolt's peak speed in the 100 m world record (Berlin 2009) was
    /// about 12.4 m/s, the fastest a human has been measured on foot.
    public static let running = 12.5
    /// Walking: 6 m/s (21.6 km/h) — the 20 km race-walk world record averages about 4.4 m/s; headroom for a
    /// walker who breaks into a run for a few steps.
    public static let walking = 6.0
    /// Cycling: 30 m/s (108 km/h) — around the fastest descents ridden in professional road races (reported
    /// around 100 km/h); sprint finishes reach about 20 m/s.
    public static let cycling = 30.0
    /// Driving: 85 m/s (306 km/h) — above what road cars reach on an unrestricted motorway.
    public static let driving = 85.0

    /// The step `a` → `b` as these limits judge it, metres: the distance less both fixes' horizontal accuracy
    /// radii (with `accuracyAware`; a missing or invalid accuracy counts 0), never below 0 — noise need not fit
    /// under the limit, only movement.
    public static func effectiveDistance(from a: Fix, to b: Fix, accuracyAware: Bool = true) -> Double {
        max(0, Geodesy.distance(a.point, b.point) - accuracyRadius(a, accuracyAware) - accuracyRadius(b, accuracyAware))
    }

    /// The radius ``effectiveDistance(from:to:accuracyAware:)`` subtracts for `fix`, metres: its horizontal
    /// accuracy with `accuracyAware`, 0 when it has none valid or without.
    @inline(__always)
    static func accuracyRadius(_ fix: Fix, _ accuracyAware: Bool) -> Double {
        guard accuracyAware, let h = fix.horizontalAccuracy, h >= 0, h.isFinite else { return 0 }
        return h
    }

    /// An upper bound of `Geodesy.distance(a.point, b.point)` (metres) without trigonometry: the angular step
    /// √(Δφ² + Δλ²) times the largest radius of curvature of WGS84, a/√(1 − e²) (the local formula's north and east
    /// radii are at most that, and cos φ ≤ 1), with a margin for rounding. Beyond 10 km (where `Geodesy.distance`
    /// switches to Vincenty's formula) or for coordinates that are not finite it is +∞, bounding nothing.
    @inline(__always)
    static func distanceBound(_ a: Fix, _ b: Fix) -> Double {
        let dPhi = (b.latitude - a.latitude) * (.pi / 180)
        let dLambda = Geodesy.wrappedLongitudeDelta(a.longitude, b.longitude)
        let bound = (dPhi * dPhi + dLambda * dLambda).squareRoot() * largestRadiusOfCurvature * (1 + 1e-9)
        return bound <= Geodesy.localApproximationLimit ? bound : .infinity
    }

    /// a/√(1 − e²) of WGS84, metres: the polar radius of curvature, the largest of the meridional and prime-vertical
    /// radii at any latitude.
    static let largestRadiusOfCurvature = Geodesy.wgs84A / (1 - Geodesy.wgs84E2).squareRoot()

    /// The limit for `activity`; `other` and no activity (a stage told none) use the running limit (the tool's
    /// default activity).
    public static func maxSpeed(for activity: Activity?) -> Double {
        switch activity ?? .running {
        case .running, .other: return running
        case .walking: return walking
        case .cycling: return cycling
        case .driving: return driving
        }
    }
}
