import Foundation
import TrackPipe

/// The path a simulated runner follows: a polyline in a local east/north frame (metres) about a geodetic
/// origin, with the places that shape the run — traffic lights (where the runner may have to stop) and
/// stretches near buildings (where GPS error is larger and multipath bursts happen).
///
/// Positions are given by distance along the path. A **loop** (first point = last point) is run round and
/// round; an open path is run to its end and back again (out and back, repeated), so any run length fits any
/// route.
public struct SimulationRoute: Sendable {
    /// The frame's origin.
    public var origin: GeoPoint
    /// The vertices, metres east/north of ``origin``. At least two.
    public private(set) var vertices: [PlanarPoint]
    /// Distance along the polyline at each vertex, metres (``vertices``-parallel, starts at 0).
    public private(set) var cumulative: [Double]
    /// Distances along one lap (metres, 0 ..< ``length``) of traffic lights: the runner may stop there.
    public var trafficLights: [Double]
    /// Stretches of one lap (metres along) near buildings: larger error, multipath bursts.
    public var buildingZones: [ClosedRange<Double>]

    /// Errors building a route.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case tooShort(String)
        public var description: String {
            switch self { case .tooShort(let why): return why }
        }
    }

    public init(origin: GeoPoint, vertices: [PlanarPoint], trafficLights: [Double] = [], buildingZones: [ClosedRange<Double>] = []) throws {
        // Drop repeated vertices: they add nothing and make zero-length segments.
        var cleaned: [PlanarPoint] = []
        for v in vertices where cleaned.last.map({ hypot($0.east - v.east, $0.north - v.north) > 1e-6 }) ?? true {
            cleaned.append(v)
        }
        guard cleaned.count >= 2 else { throw Failure.tooShort("a route needs at least two distinct points") }
        var cum = [0.0]
        for i in 1..<cleaned.count {
            cum.append(cum[i - 1] + hypot(cleaned[i].east - cleaned[i - 1].east, cleaned[i].north - cleaned[i - 1].north))
        }
        guard cum[cum.count - 1] >= 10 else { throw Failure.tooShort("a route must be at least 10 m long (this one is \(cum[cum.count - 1]) m)") }
        self.origin = origin
        self.vertices = cleaned
        self.cumulative = cum
        self.trafficLights = trafficLights
        self.buildingZones = buildingZones
    }

    /// A route through geodetic points (a GPX route line), projected about its first point.
    public init(points: [GeoPoint], trafficLights: [Double] = [], buildingZones: [ClosedRange<Double>] = []) throws {
        guard let first = points.first else { throw Failure.tooShort("the route has no points") }
        let projection = try LocalProjection(reference: first)
        try self.init(origin: first, vertices: points.map { let p = projection.project($0); return PlanarPoint(east: p.east, north: p.north) },
                      trafficLights: trafficLights, buildingZones: buildingZones)
    }

    /// Length of one pass of the polyline, metres.
    public var length: Double { cumulative[cumulative.count - 1] }

    /// True when the polyline closes on itself (ends within 1 m of its start).
    public var isLoop: Bool {
        let a = vertices[0], b = vertices[vertices.count - 1]
        return hypot(a.east - b.east, a.north - b.north) <= 1
    }

    /// Distance along one pass (0 … ``length``) for a distance `s` run from the start: wraps round a loop,
    /// turns back at the end of an open path.
    public func lapPosition(_ s: Double) -> Double {
        let l = length
        if isLoop { let r = s.truncatingRemainder(dividingBy: l); return r < 0 ? r + l : r }
        let r = s.truncatingRemainder(dividingBy: 2 * l)
        return r <= l ? r : 2 * l - r
    }

    /// The point `s` metres along the run (see ``lapPosition(_:)``).
    public func point(atDistance s: Double) -> PlanarPoint {
        let d = lapPosition(s)
        // Binary search for the segment holding d.
        var lo = 0, hi = cumulative.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if cumulative[mid] <= d { lo = mid } else { hi = mid }
        }
        let segment = cumulative[hi] - cumulative[lo]
        let f = segment > 0 ? (d - cumulative[lo]) / segment : 0
        let a = vertices[lo], b = vertices[hi]
        return PlanarPoint(east: a.east + f * (b.east - a.east), north: a.north + f * (b.north - a.north))
    }

    /// True when the runner `s` metres along the run is near buildings.
    public func isNearBuildings(atDistance s: Double) -> Bool {
        let d = lapPosition(s)
        return buildingZones.contains { $0.contains(d) }
    }

    /// Traffic lights on the run's path between `s` (exclusive) and `s + ahead` (inclusive), as distances run
    /// from the start, in order. Works across laps and turn-backs.
    public func lights(after s: Double, within ahead: Double) -> [Double] {
        guard !trafficLights.isEmpty, ahead > 0 else { return [] }
        let period = isLoop ? length : 2 * length
        var found: [Double] = []
        // Every light appears once per period on a loop and twice (out and back) on an open path.
        var positions = trafficLights
        if !isLoop { positions += trafficLights.map { 2 * length - $0 } }
        let firstPeriod = (s / period).rounded(.down)
        var k = firstPeriod
        while k * period <= s + ahead {
            for p in positions {
                let at = k * period + p
                if at > s, at <= s + ahead { found.append(at) }
            }
            k += 1
        }
        return found.sorted()
    }
}
