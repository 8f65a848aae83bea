import TrackPipe

/// How ascent and descent are counted, shared by `elevation` and `splits` (give both the same value, as `distance`
/// and `badges` share ``DistanceParameters``).
public struct ElevationParameters: Sendable, Hashable {
    /// Hysteresis, metres.
    public var ascentThreshold: Double
    /// Trailing average before counting, seconds (0: none).
    public var smoothing: Double

    public init(ascentThreshold: Double = 2, smoothing: Double = 0) {
        self.ascentThreshold = ascentThreshold
        self.smoothing = smoothing
    }

    public init(_ parameters: StageParameters) throws {
        ascentThreshold = try parameters.number("ascent-threshold")
        smoothing = try parameters.number("altitude-smoothing")
    }

    /// A counter with these settings.
    public func counter() -> AscentCounter { AscentCounter(threshold: ascentThreshold, window: smoothing) }

    public static let specs: [ParameterSpec] = [
        .number("ascent-threshold", unit: .metres, default: 2, range: .closed(0, 100),
                help: "Hysteresis of ascent and descent, metres: a change counts once the altitude has moved this far from the last counted level. Default 2 m, measured on barometric altitude: the Fenix 2 run gives 62 m against the watch's own 64 m, and the two barometric devices of the Whitchurch ride 408 and 386 m against the planned route's 387 m. For GPS-only altitude see altitude-smoothing."),
        .number("altitude-smoothing", unit: .seconds, default: 0, range: .closed(0, 600),
                help: "Average the altitude over this many trailing seconds before counting. Default 0 (off: it costs barometric altitude 17–33 % of its ascent). GPS-only altitude needs it: with 60 s and a 1 m threshold the Whitchurch ride's four GPS-only devices count −9 … +17 % of the route's ascent, against +83 … +141 % with the defaults."),
    ]
}
