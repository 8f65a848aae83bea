/// The checks every reader applies to a record's position before it becomes a fix.
enum CoordinateCheck {
    /// The rule and reason when (`latitude`, `longitude`) cannot be a WGS84 position, else `nil`.
    static func problem(latitude: Double, longitude: Double) -> (rule: String, reason: String)? {
        if !latitude.isFinite || !longitude.isFinite {
            return ("coordinate-not-finite", "latitude \(latitude), longitude \(longitude): expected finite degrees")
        }
        if abs(latitude) > 90 {
            return ("latitude-out-of-range", "latitude \(latitude)° is outside −90…90°")
        }
        if abs(longitude) > 180 {
            return ("longitude-out-of-range", "longitude \(longitude)° is outside −180…180°")
        }
        return nil
    }
}
