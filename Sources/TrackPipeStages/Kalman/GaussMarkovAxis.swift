/// Which component of a measurement a ``GaussMarkovOneAxis`` smoother reads: ``GaussMarkovEast`` or
/// ``GaussMarkovNorth``.
protocol GaussMarkovAxis {
    /// The measured position on this axis, m.
    static func position(_ m: GaussMarkovSmootherCore.Measurement) -> Double
    /// The measured velocity's component on this axis, m/s.
    static func component(_ v: (east: Double, north: Double)) -> Double
}

/// The east axis of the run's frame.
enum GaussMarkovEast: GaussMarkovAxis {
    @inline(__always) static func position(_ m: GaussMarkovSmootherCore.Measurement) -> Double { m.east }
    @inline(__always) static func component(_ v: (east: Double, north: Double)) -> Double { v.east }
}

/// The north axis of the run's frame.
enum GaussMarkovNorth: GaussMarkovAxis {
    @inline(__always) static func position(_ m: GaussMarkovSmootherCore.Measurement) -> Double { m.north }
    @inline(__always) static func component(_ v: (east: Double, north: Double)) -> Double { v.north }
}
