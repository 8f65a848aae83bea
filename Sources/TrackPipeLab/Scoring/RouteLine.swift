import Foundation
import TrackPipe

/// A planned route as a polyline, for cross-track error: the distance from a point to the nearest point of
/// the line, metres, measured in an equirectangular frame about the route's first point
/// (`LocalProjection`; its scale error is far below GPS error over a route of tens of kilometres).
public struct RouteLine: Sendable {
    let projection: LocalProjection
    let planar: [(east: Double, north: Double)]
    /// Length of the line, metres (sum of geodesic steps between its points).
    public let length: Double

    /// `nil` when `points` has fewer than two points or lies too near a pole.
    public init?(_ points: [GeoPoint]) {
        guard points.count >= 2, let projection = try? LocalProjection(reference: points[0]) else { return nil }
        self.projection = projection
        planar = points.map { projection.project($0) }
        length = zip(points, points.dropFirst()).reduce(0) { $0 + Geodesy.distance($1.0, $1.1) }
    }

    /// Distance from `point` to the nearest point of the line, metres.
    public func crossTrackDistance(_ point: GeoPoint) -> Double {
        let p = projection.project(point)
        var best = Double.infinity
        for i in 1..<planar.count {
            best = min(best, Planar.distance(from: p, toSegmentFrom: planar[i - 1], to: planar[i]))
        }
        return best
    }
}
