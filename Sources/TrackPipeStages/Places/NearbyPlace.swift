import Foundation
import TrackPipe

/// The populated place nearest to one fix of a run, and where the fix lies from it.
public struct NearbyPlace: Sendable, Hashable, Codable {
    public var place: Place
    /// Great-circle distance from the place to the fix, metres (mean-radius sphere).
    public var distance: Double
    /// Initial bearing from the place to the fix, degrees clockwise from north, 0 ..< 360 (0 when they coincide).
    public var bearing: Double
    /// The fix looked up: its source index, position and time (UTC seconds since 1970, when it has one).
    public var sourceIndex: Int
    public var point: GeoPoint
    public var time: Double?

    public init(place: Place, distance: Double, fix: Fix) {
        self.place = place
        self.distance = distance
        sourceIndex = fix.sourceIndex
        point = fix.point
        time = fix.time
        bearing = Geodesy.initialBearing(from: place.point, to: fix.point)
    }

    /// Where the fix lies from the place, in words: "S of Winchester, United Kingdom".
    public var direction: String { "\(compassPoint) of \(place.label)" }

    /// The bearing as one of the 8 compass points (`N`, `NE`, …, `NW`).
    public var compassPoint: String {
        let points = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
        return points[Int((bearing / 45).rounded()) % 8]
    }
}
