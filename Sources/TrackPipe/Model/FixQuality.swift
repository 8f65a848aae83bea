/// The receiver's fix type, as NMEA GGA quality or GPX `<fix>` gives it.
public enum FixQuality: String, Sendable, Hashable, Codable, CaseIterable {
    /// No fix (GGA 0, GPX `none`): the position is not a measurement.
    case none
    /// 2D fix (GPX `2d`): no altitude solution.
    case twoD = "2d"
    /// 3D autonomous fix (GGA 1, GPX `3d`).
    case threeD = "3d"
    /// Differential GNSS (GGA 2, GPX `dgps`).
    case dgps
    /// RTK fixed integer solution (GGA 4).
    case rtkFixed = "rtk-fixed"
    /// RTK float solution (GGA 5).
    case rtkFloat = "rtk-float"
    /// Dead reckoning / estimated (GGA 6).
    case estimated
    /// Military PPS (GGA 3, GPX `pps`).
    case pps
}
