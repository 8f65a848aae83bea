/// How to measure the distance between two points.
public enum DistanceFormula: String, Sendable, Hashable, Codable, CaseIterable {
    /// Great circle on a sphere of radius ``Geodesy/meanEarthRadius`` (6 371 008.8 m). Cheap; up to ~0.5 %
    /// off the ellipsoid.
    case haversine
    /// Vincenty's inverse formula on the WGS84 ellipsoid: sub-millimetre; iterative. For nearly antipodal
    /// points where it does not converge it falls back to ``haversine`` (documented in ``Geodesy/vincenty(_:_:)``).
    case vincenty
    /// The default: a local flat-earth approximation using the WGS84 radii of curvature at the mid-latitude,
    /// exact to well under a millimetre for the short steps between GPS fixes, and switching to ``vincenty``
    /// for steps longer than ``Geodesy/localApproximationLimit``.
    case local

    /// The formula used when none is chosen.
    public static let `default` = DistanceFormula.local
}
