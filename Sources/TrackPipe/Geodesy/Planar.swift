/// Geometry in a flat local east/north frame, metres (`LocalProjection` and the stages' frames project into one).
public enum Planar {
    /// An east/north position, metres.
    public typealias Point = (east: Double, north: Double)

    /// Distance from `p` to the straight segment from `a` to `b`, metres: to its nearest point, which is an end when
    /// `p` projects outside it (a zero-length segment is its point).
    @inlinable
    public static func distance(from p: Point, toSegmentFrom a: Point, to b: Point) -> Double {
        let dx = b.east - a.east, dy = b.north - a.north
        let length2 = dx * dx + dy * dy
        var t = length2 > 0 ? ((p.east - a.east) * dx + (p.north - a.north) * dy) / length2 : 0
        t = min(1, max(0, t))
        let ex = a.east + t * dx - p.east, ey = a.north + t * dy - p.north
        return (ex * ex + ey * ey).squareRoot()
    }
}
