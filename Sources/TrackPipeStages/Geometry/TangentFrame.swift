import Foundation
import TrackPipe

/// A flat east/north frame (metres) at an origin, with the WGS84 radii of curvature there — the metres
/// `Geodesy.local` measures — so a tolerance or radius in a frame is in the same metres as distance. Within 5 km of
/// the origin its scale error is about tan(latitude) × 0.08 %: under 0.15 % up to 60°. Cheap per point (no
/// trigonometry); used where a stage measures many points against one place or one span.
struct TangentFrame {
    let origin: GeoPoint
    /// Metres per radian of longitude and of latitude at the origin.
    let eastPerRadian: Double
    let northPerRadian: Double

    /// Nil within 1° of a pole (as `LocalProjection`), where east is undefined.
    init?(origin: GeoPoint) {
        guard origin.latitude.isFinite, origin.longitude.isFinite,
              abs(origin.latitude) <= LocalProjection.maximumLatitude else { return nil }
        // One sine, one square root, one division: thinning makes a frame per kept fix. cos φ as √(1 − sin² φ) is
        // within 4e-13 of cos φ up to the 89° this frame allows.
        let sinPhi = sin(origin.latitude * (.pi / 180))
        let cosPhi = (1 - sinPhi * sinPhi).squareRoot()
        let inverseW = 1 / (1 - Geodesy.wgs84E2 * sinPhi * sinPhi).squareRoot()
        self.origin = origin
        eastPerRadian = Geodesy.wgs84A * inverseW * cosPhi
        northPerRadian = Geodesy.wgs84A * (1 - Geodesy.wgs84E2) * inverseW * inverseW * inverseW
    }

    /// East and north of `p` from the origin, metres.
    func project(_ p: GeoPoint) -> (east: Double, north: Double) {
        (Geodesy.wrappedLongitudeDelta(origin.longitude, p.longitude) * eastPerRadian,
         (p.latitude - origin.latitude) * (.pi / 180) * northPerRadian)
    }

    /// Distance between `a` and `b`, metres: in this frame when both were projected in it and are within
    /// `Geodesy.localApproximationLimit` of each other (no trigonometry), else `Geodesy.distance`.
    static func distance(_ a: GeoPoint, _ pa: (east: Double, north: Double)?, _ b: GeoPoint, _ pb: (east: Double, north: Double)?) -> Double {
        if let pa, let pb {
            let de = pb.east - pa.east, dn = pb.north - pa.north
            let d = (de * de + dn * dn).squareRoot()
            if d <= Geodesy.localApproximationLimit { return d }
        }
        return Geodesy.distance(a, b)
    }

    /// Distance from the origin to the straight segment from `a` to `b` (both in this frame), metres.
    static func distanceFromOrigin(toSegment a: Planar.Point, _ b: Planar.Point) -> Double {
        Planar.distance(from: (0, 0), toSegmentFrom: a, to: b)
    }
}
