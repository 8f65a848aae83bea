/// A circular place on the Earth: every point within ``radius`` metres of ``center`` (distance as
/// `Geodesy.distance` measures it). Stages take lists of them as a `zones` parameter (see
/// `ParameterSpec.Kind.zones`), written in a spec as `{"latitude": 51.5, "longitude": -0.12, "radius": 200}`.
public struct Zone: Sendable, Hashable {
    /// Degrees, WGS84.
    public var center: GeoPoint
    /// Metres.
    public var radius: Double

    public init(center: GeoPoint, radius: Double) {
        self.center = center
        self.radius = radius
    }

    /// The keys of a zone in a spec, in the order they are documented.
    public static let keys = ["latitude", "longitude", "radius"]
}
