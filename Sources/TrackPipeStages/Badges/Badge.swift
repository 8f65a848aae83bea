/// A distance badge, in the shape of MoonRunner's badges file: a run earns it when its distance is strictly
/// greater than ``distance``.
public struct Badge: Sendable, Hashable, Codable {
    public var name: String
    /// A short description shown with the badge.
    public var information: String
    /// The distance to beat, metres (≥ 0).
    public var distance: Double
    /// The image asset's name, for an app.
    public var imageName: String

    public init(name: String, information: String, distance: Double, imageName: String) {
        self.name = name
        self.information = information
        self.distance = distance
        self.imageName = imageName
    }

    /// True when a run of `runDistance` metres earns this badge: strictly farther than its distance, so a run
    /// of exactly 5 000 m does not earn a 5 000 m badge (and a zero-length run earns nothing, not even 0 m).
    public func isEarned(byDistance runDistance: Double) -> Bool { runDistance > distance }
}
