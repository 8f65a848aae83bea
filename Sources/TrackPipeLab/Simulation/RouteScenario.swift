import Foundation
import TrackPipe

/// The built-in routes of the simulator. Each is laid out in metres about ``defaultOrigin`` (or any origin)
/// and repeated (loops) or run out and back as often as the run needs.
public enum RouteScenario: String, Sendable, Hashable, Codable, CaseIterable {
    /// City blocks, 1.9 km a lap: eight straight legs with right-angle corners, nine traffic lights (at
    /// corners and two mid-block crossings), buildings along the first 1450 m of each lap.
    case cityLoop = "city-loop"
    /// A smooth 2.1 km park loop (a gently wavy ellipse, 400 m × 250 m semi-axes): open sky, no lights.
    case parkLoop = "park-loop"
    /// A 3 km winding riverside path run out and back: one road crossing with a light at 400 m, buildings over
    /// the first 300 m (the start in town).
    case outAndBack = "out-and-back"
    /// A standard 400 m running track (lane 1: two 84.39 m straights, bends of radius 36.80 m): open sky.
    case track400 = "track-400"

    /// Where the built-in routes are placed unless told otherwise: a point in Bristol, UK (51.4545° N,
    /// 2.5879° W). Only the latitude matters to the geometry (it sets metres per degree of longitude).
    public static let defaultOrigin = GeoPoint(latitude: 51.4545, longitude: -2.5879)

    /// The route, placed with its start at `origin`.
    public func route(origin: GeoPoint = RouteScenario.defaultOrigin) throws -> SimulationRoute {
        func p(_ e: Double, _ n: Double) -> PlanarPoint { PlanarPoint(east: e, north: n) }
        switch self {
        case .cityLoop:
            let corners = [p(0, 0), p(300, 0), p(300, 200), p(500, 200), p(500, 350), p(250, 350), p(250, 450), p(0, 450), p(0, 0)]
            // Corners at 300, 500, 700, 850, 1100, 1200, 1450 m; mid-block crossings at 150 and 1675 m.
            return try SimulationRoute(origin: origin, vertices: corners,
                                       trafficLights: [150, 300, 500, 700, 850, 1100, 1200, 1450, 1675],
                                       buildingZones: [0...1450])
        case .parkLoop:
            let n = 240
            let vertices = (0...n).map { k -> PlanarPoint in
                let theta = 2 * Double.pi * Double(k % n) / Double(n)
                let wave = 1 + 0.04 * sin(5 * theta)
                // Start at the loop's southernmost point so the origin is on the path.
                return p(400 * wave * sin(theta), 250 * (1 - wave * cos(theta)))
            }
            return try SimulationRoute(origin: origin, vertices: vertices)
        case .outAndBack:
            // A path whose heading meanders slowly (±23°), a vertex every 20 m.
            var vertices = [p(0, 0)]
            var e = 0.0, nn = 0.0
            for k in 1...150 {
                let s = Double(k) * 20
                let heading = 0.4 * sin(s / 400) + 0.25 * sin(s / 170)
                e += 20 * cos(heading)
                nn += 20 * sin(heading)
                vertices.append(p(e, nn))
            }
            return try SimulationRoute(origin: origin, vertices: vertices, trafficLights: [400], buildingZones: [0...300])
        case .track400:
            let straight = 84.39, radius = 36.80
            var vertices: [PlanarPoint] = [p(0, 0), p(straight, 0)]
            let arc = 60
            for k in 1...arc {  // bend 1: centre (straight, radius), from south round to north
                let a = -Double.pi / 2 + Double.pi * Double(k) / Double(arc)
                vertices.append(p(straight + radius * cos(a), radius + radius * sin(a)))
            }
            vertices.append(p(0, 2 * radius))
            for k in 1...arc {  // bend 2: centre (0, radius), from north round to south
                let a = Double.pi / 2 + Double.pi * Double(k) / Double(arc)
                vertices.append(p(radius * cos(a), radius + radius * sin(a)))
            }
            vertices[vertices.count - 1] = p(0, 0)
            return try SimulationRoute(origin: origin, vertices: vertices)
        }
    }
}
