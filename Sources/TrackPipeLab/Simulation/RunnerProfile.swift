import TrackPipe

/// How the simulated runner moves: a steady pace that wanders slowly, stops at red traffic lights and a few
/// other stops. Speeds in m/s, times in seconds.
public struct RunnerProfile: Sendable, Hashable, Codable {
    /// Mean running speed, m/s. Default 2.75 m/s (6:04 min/km): with the default stops a 2300-fix run is
    /// about 6 km, the size Runkeeper reports for an unfiltered 6 km run.
    public var speed = 2.75
    /// Relative standard deviation of the pace's slow wander (a Gauss–Markov process). Default 0.06 (±0.17 m/s).
    public var speedVariation = 0.06
    /// Correlation time of the pace wander, s. Default 60 s.
    public var speedTimeConstant = 60.0
    /// Acceleration and braking, m/s². Default 1.0 (a runner reaches pace in about 3 s).
    public var acceleration = 1.0
    /// Probability that a traffic light is red when the runner gets there (then the runner stops). Default 0.4.
    public var trafficLightStopProbability = 0.4
    /// Extra stops at random places (tying a shoe, a drink), whole number. Default 0.
    public var extraStops = 0
    /// Seconds the runner stands at the start before setting off (waiting for the watch to find itself, say), s.
    /// Default 0: off at once.
    public var startDelay = 0.0
    /// Shortest and longest stop, s (drawn uniformly for every stop). Defaults 15 s and 60 s.
    public var minimumStop = 15.0
    public var maximumStop = 60.0

    public init() {}
}
