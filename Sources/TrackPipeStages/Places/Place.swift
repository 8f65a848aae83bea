import TrackPipe

/// A named populated place from a ``Gazetteer``.
public struct Place: Sendable, Hashable, Codable {
    /// The place's name as GeoNames gives it (UTF-8, in the local script's Latin form where GeoNames has one).
    public var name: String
    /// ISO 3166-1 alpha-2 country code (`GB`).
    public var countryCode: String
    /// The country's English name (`United Kingdom`).
    public var country: String
    /// The place's position, degrees (GeoNames' point, usually the centre).
    public var point: GeoPoint
    /// Inhabitants as GeoNames counts them (0 where it has no figure, e.g. some administrative seats).
    public var population: Int

    public init(name: String, countryCode: String, country: String, point: GeoPoint, population: Int) {
        self.name = name
        self.countryCode = countryCode
        self.country = country
        self.point = point
        self.population = population
    }

    /// "Whitchurch, United Kingdom".
    public var label: String { "\(name), \(country)" }
}
