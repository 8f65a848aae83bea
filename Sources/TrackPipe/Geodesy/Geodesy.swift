import Foundation

/// Distances on the Earth. All results in metres.
public enum Geodesy {
    /// IUGG mean Earth radius R1 = (2a + b) / 3, metres.
    public static let meanEarthRadius = 6_371_008.8
    /// WGS84 semi-major axis, metres.
    public static let wgs84A = 6_378_137.0
    /// WGS84 flattening.
    public static let wgs84F = 1.0 / 298.257223563
    /// WGS84 semi-minor axis, metres.
    public static let wgs84B = wgs84A * (1 - wgs84F)
    /// WGS84 first eccentricity squared.
    public static let wgs84E2 = wgs84F * (2 - wgs84F)
    /// Longest step, in metres, that ``DistanceFormula/local`` measures with the flat approximation; longer
    /// steps go to Vincenty. At 10 km the approximation's error is below 1 mm at any latitude below 80°.
    public static let localApproximationLimit = 10_000.0

    /// Distance in metres between `a` and `b` by `formula`.
    @inlinable
    public static func distance(_ a: GeoPoint, _ b: GeoPoint, formula: DistanceFormula = .default) -> Double {
        switch formula {
        case .haversine: return haversine(a, b)
        case .vincenty: return vincenty(a, b)
        case .local: return local(a, b)
        }
    }

    /// Longitude difference `b − a` in radians, wrapped into −π…π so steps across the antimeridian are short.
    /// Scaled by the constant π/180 (a multiplication: dividing by 180 per call was a tenth of the thinning and
    /// privacy stages' time).
    @inlinable
    public static func wrappedLongitudeDelta(_ a: Double, _ b: Double) -> Double {
        var d = (b - a) * (.pi / 180)
        if d > .pi { d -= 2 * .pi } else if d < -.pi { d += 2 * .pi }
        return d
    }

    /// Great-circle distance on the mean-radius sphere (haversine formula), metres.
    @inlinable
    public static func haversine(_ a: GeoPoint, _ b: GeoPoint) -> Double {
        let phi1 = a.latitude * .pi / 180, phi2 = b.latitude * .pi / 180
        let dPhi = phi2 - phi1
        let dLambda = wrappedLongitudeDelta(a.longitude, b.longitude)
        let s = sin(dPhi / 2), t = sin(dLambda / 2)
        let h = min(1, s * s + cos(phi1) * cos(phi2) * t * t)
        return 2 * meanEarthRadius * asin(h.squareRoot())
    }

    /// The default short-step distance: a flat approximation with the meridional (M) and prime-vertical (N)
    /// radii of curvature of WGS84 at the mid-latitude, so east and north steps are scaled by the ellipsoid
    /// rather than a sphere. Steps longer than ``localApproximationLimit`` are measured with ``vincenty(_:_:)``.
    @inlinable
    public static func local(_ a: GeoPoint, _ b: GeoPoint) -> Double {
        let (dEast, dNorth) = localOffset(a, b)
        let d = (dNorth * dNorth + dEast * dEast).squareRoot()
        return d <= localApproximationLimit ? d : vincenty(a, b)
    }

    /// The flat step from `a` to `b` that ``local(_:_:)`` measures, metres east and north: the WGS84 radii of
    /// curvature at the mid-latitude (accurate up to ``localApproximationLimit``).
    /// cos φ is √((1 − sin φ)(1 + sin φ)), not a second call (|φ| ≤ 90°, so it is not negative; the product keeps
    /// its digits near the poles): a step's length was two calls of libm, a tenth of the measuring stages' time.
    @inlinable @inline(__always)
    public static func localOffset(_ a: GeoPoint, _ b: GeoPoint) -> (east: Double, north: Double) {
        let phiM = (a.latitude + b.latitude) * (.pi / 360)
        let sinPhi = sin(phiM)
        let (m, n) = radiiOfCurvature(sinLatitude: sinPhi)
        let cosPhi = ((1 - sinPhi) * (1 + sinPhi)).squareRoot()
        return (wrappedLongitudeDelta(a.longitude, b.longitude) * n * cosPhi, (b.latitude - a.latitude) * (.pi / 180) * m)
    }

    /// Initial great-circle bearing from `a` to `b` on the sphere, degrees clockwise from true north, 0 ..< 360
    /// (0 when the points coincide): where a place lies from another, and the course of a stretch of track.
    public static func initialBearing(from a: GeoPoint, to b: GeoPoint) -> Double {
        let degree = Double.pi / 180
        let phi1 = a.latitude * degree, phi2 = b.latitude * degree
        let dLambda = wrappedLongitudeDelta(a.longitude, b.longitude)
        let y = sin(dLambda) * cos(phi2)
        let x = cos(phi1) * sin(phi2) - sin(phi1) * cos(phi2) * cos(dLambda)
        guard x != 0 || y != 0 else { return 0 }
        let bearing = atan2(y, x) / degree
        return bearing < 0 ? bearing + 360 : (bearing >= 360 ? 0 : bearing)
    }

    /// The WGS84 radii of curvature (metres) at a latitude given by its sine: meridional M = a(1 − e²) ÷ W³ (north)
    /// and prime vertical N = a ÷ W (east, times cos φ per radian of longitude), W = √(1 − e² sin² φ).
    @inlinable @inline(__always)
    public static func radiiOfCurvature(sinLatitude sinPhi: Double) -> (meridional: Double, primeVertical: Double) {
        let w2 = 1 - wgs84E2 * sinPhi * sinPhi
        let w = w2.squareRoot()
        return (wgs84A * (1 - wgs84E2) / (w2 * w), wgs84A / w)
    }

    /// Vincenty's inverse solution on WGS84 (T. Vincenty, Survey Review XXIII, 1975), metres.
    ///
    /// Iterates until the longitude on the auxiliary sphere changes by less than 1e-12 rad, at most 200 times.
    /// For nearly antipodal points the iteration may not converge; it then returns ``haversine(_:_:)``, whose
    /// error there is at most ~0.5 % — such pairs never occur between consecutive GPS fixes.
    public static func vincenty(_ a: GeoPoint, _ b: GeoPoint) -> Double {
        vincentyIfConverges(a, b) ?? haversine(a, b)
    }

    /// Vincenty's inverse, or `nil` when the iteration does not converge (nearly antipodal points).
    public static func vincentyIfConverges(_ a: GeoPoint, _ b: GeoPoint) -> Double? {
        let f = wgs84F, bAxis = wgs84B, aAxis = wgs84A
        let L = wrappedLongitudeDelta(a.longitude, b.longitude)
        let U1 = atan((1 - f) * tan(a.latitude * .pi / 180))
        let U2 = atan((1 - f) * tan(b.latitude * .pi / 180))
        let sinU1 = sin(U1), cosU1 = cos(U1), sinU2 = sin(U2), cosU2 = cos(U2)
        var lambda = L
        var sinSigma = 0.0, cosSigma = 0.0, sigma = 0.0, cosSqAlpha = 0.0, cos2SigmaM = 0.0
        var converged = false
        for _ in 0..<200 {
            let sinLambda = sin(lambda), cosLambda = cos(lambda)
            let t1 = cosU2 * sinLambda
            let t2 = cosU1 * sinU2 - sinU1 * cosU2 * cosLambda
            sinSigma = (t1 * t1 + t2 * t2).squareRoot()
            if sinSigma == 0 { return 0 }  // coincident points
            cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLambda
            sigma = atan2(sinSigma, cosSigma)
            let sinAlpha = cosU1 * cosU2 * sinLambda / sinSigma
            cosSqAlpha = 1 - sinAlpha * sinAlpha
            cos2SigmaM = cosSqAlpha != 0 ? cosSigma - 2 * sinU1 * sinU2 / cosSqAlpha : 0  // equatorial line
            let C = f / 16 * cosSqAlpha * (4 + f * (4 - 3 * cosSqAlpha))
            let previous = lambda
            lambda = L + (1 - C) * f * sinAlpha
                * (sigma + C * sinSigma * (cos2SigmaM + C * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)))
            if abs(lambda - previous) < 1e-12 { converged = true; break }
        }
        guard converged, lambda.isFinite else { return nil }
        let uSq = cosSqAlpha * (aAxis * aAxis - bAxis * bAxis) / (bAxis * bAxis)
        let A = 1 + uSq / 16384 * (4096 + uSq * (-768 + uSq * (320 - 175 * uSq)))
        let B = uSq / 1024 * (256 + uSq * (-128 + uSq * (74 - 47 * uSq)))
        let deltaSigma = B * sinSigma * (cos2SigmaM + B / 4 * (cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)
            - B / 6 * cos2SigmaM * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * cos2SigmaM * cos2SigmaM)))
        return bAxis * A * (sigma - deltaSigma)
    }
}
