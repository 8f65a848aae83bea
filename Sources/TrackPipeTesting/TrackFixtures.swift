import TrackPipe

/// Builds synthetic fixes in a local east/north metre frame around a reference point, so that a stage test's
/// expected distances, speeds and times can be worked out by hand.
///
/// Positions are given in metres east and north of ``reference`` and converted with `LocalProjection` — the
/// equirectangular frame on the mean-radius sphere that the built-in Kalman and auto-pause stages use — so a
/// stage sees exactly the offsets a test wrote. Distances measured on the WGS84 ellipsoid (the `distance`
/// stage's default formula) differ from these metres by up to ~0.3 % with latitude; compare with the frame's
/// own metres or allow for it. Times are seconds after ``startTime`` (Unix seconds, UTC).
///
///     let fixtures = TrackFixtures()
///     let run = fixtures.straight(count: 60, speed: 3)      // 60 fixes, 3 m/s due east, 1 Hz
///     let out = try StageHarness<MyStage>().run(run)
public struct TrackFixtures: Sendable {
    /// The frame's origin. Default: 51.5° N, 0.12° W (central London), away from poles and the antimeridian.
    public var reference: GeoPoint
    /// Time of `t = 0`, Unix seconds (UTC). Default 1 700 000 000 (2023-11-14).
    public var startTime: Double
    private let projection: LocalProjection

    /// A fixture builder around `reference`; `nil` when the reference cannot carry a local frame (a pole,
    /// or a coordinate outside WGS84 ranges).
    public init?(reference: GeoPoint = GeoPoint(latitude: 51.5, longitude: -0.12), startTime: Double = 1_700_000_000) {
        guard let projection = try? LocalProjection(reference: reference) else { return nil }
        self.reference = reference
        self.startTime = startTime
        self.projection = projection
    }

    /// The default fixture builder (51.5° N, 0.12° W; t = 0 at Unix time 1 700 000 000).
    public init() {
        // The default reference is a valid mid-latitude point: the failable init cannot fail for it.
        self = TrackFixtures(reference: GeoPoint(latitude: 51.5, longitude: -0.12))!
    }

    /// A fix `east`, `north` metres from the reference at `t` seconds after ``startTime`` (`nil`: no time),
    /// with source index `index`. Accuracies in metres; `speed` in m/s.
    public func fix(
        _ index: Int, t: Double?, east: Double = 0, north: Double = 0, accuracy: Double? = 5,
        vertical: Double? = nil, hdop: Double? = nil, speed: Double? = nil, segment: Int = 0
    ) -> Fix {
        let p = projection.unproject(east: east, north: north)
        return Fix(time: t.map { startTime + $0 }, latitude: p.latitude, longitude: p.longitude,
                   horizontalAccuracy: accuracy, verticalAccuracy: vertical, speed: speed, hdop: hdop,
                   segment: segment, sourceIndex: index)
    }

    /// A straight run due east at `speed` m/s, one fix every `interval` seconds, each with horizontal accuracy
    /// `accuracy` metres; fix `i` is `i · interval · speed` metres east of the reference at `t = i · interval`.
    public func straight(count: Int, speed: Double = 3, interval: Double = 1, accuracy: Double? = 5) -> [Fix] {
        (0..<max(0, count)).map { i in
            fix(i, t: Double(i) * interval, east: Double(i) * interval * speed, accuracy: accuracy)
        }
    }

    /// A runner standing at the reference for `count` fixes, one every `interval` seconds.
    public func stationary(count: Int, interval: Double = 1, accuracy: Double? = 5) -> [Fix] {
        (0..<max(0, count)).map { i in fix(i, t: Double(i) * interval, accuracy: accuracy) }
    }
}
