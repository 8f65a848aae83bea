import Foundation
import TrackPipe

/// Fixes placed by east/north metres near (0°, 0°), where the WGS84 radii of curvature are the equatorial radius
/// (east) and a(1 − e²) (north): a hand-made geometry whose steps are known to within a micrometre.
enum PlanarTrack {
    static let metresPerDegreeEast = Geodesy.wgs84A * .pi / 180
    static let metresPerDegreeNorth = Geodesy.wgs84A * (1 - Geodesy.wgs84E2) * .pi / 180

    static func fix(_ i: Int, east: Double, north: Double, time: Double? = nil, segment: Int = 0) -> Fix {
        var f = Fix(time: time ?? 1_700_000_000 + Double(i), latitude: north / metresPerDegreeNorth,
                    longitude: east / metresPerDegreeEast, horizontalAccuracy: 5, sourceIndex: i)
        f.segment = segment
        return f
    }

    static func fixes(_ points: [(east: Double, north: Double)]) -> [Fix] {
        points.enumerated().map { fix($0.offset, east: $0.element.east, north: $0.element.north) }
    }

    /// Great-circle cross-track distance (spherical trigonometry, mean Earth radius) from `p` to the arc from `a` to
    /// `b`, or the distance to the nearer end when `p` projects outside the arc, metres. An independent
    /// computation from the stages' flat frame.
    static func distance(from p: GeoPoint, toArc a: GeoPoint, _ b: GeoPoint) -> Double {
        let r = Geodesy.meanEarthRadius
        let dAP = Geodesy.haversine(a, p) / r, dAB = Geodesy.haversine(a, b) / r
        guard dAB > 0 else { return Geodesy.haversine(a, p) }
        let cross = asin(sin(dAP) * sin(bearing(a, p) - bearing(a, b)))
        let along = acos(min(1, max(-1, cos(dAP) / cos(cross))))
        let ahead = cos(bearing(a, p) - bearing(a, b)) >= 0
        if ahead && along <= dAB { return abs(cross) * r }
        return min(Geodesy.haversine(a, p), Geodesy.haversine(b, p))
    }

    /// Initial bearing from `a` to `b`, radians.
    static func bearing(_ a: GeoPoint, _ b: GeoPoint) -> Double {
        let f1 = a.latitude * .pi / 180, f2 = b.latitude * .pi / 180, dl = (b.longitude - a.longitude) * .pi / 180
        return atan2(sin(dl) * cos(f2), cos(f1) * sin(f2) - sin(f1) * cos(f2) * cos(dl))
    }

    /// A reproducible wandering walk: `n` fixes, steps of 1–5 m, heading changing by up to ±40° a step.
    static func wander(_ n: Int, seed: UInt64) -> [Fix] {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        func next() -> Double {  // xorshift64*, uniform in [0, 1)
            state ^= state >> 12; state ^= state << 25; state ^= state >> 27
            return Double((state &* 0x2545_F491_4F6C_DD1D) >> 11) / Double(1 << 53)
        }
        var east = 0.0, north = 0.0, heading = 0.0
        return (0..<n).map { i in
            defer {
                heading += (next() - 0.5) * 1.4
                let step = 1 + 4 * next()
                east += step * cos(heading)
                north += step * sin(heading)
            }
            return fix(i, east: east, north: north)
        }
    }
}
