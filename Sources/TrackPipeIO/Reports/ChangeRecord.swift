import TrackPipe

/// One fix a stage kept but altered (a smoother moved it, clock repair re-stamped it, auto-pause marked it
/// paused) as every TrackPipe output writes it: an entry of a run report's `changed` list
/// (`trackpipe run --report`) and a `change` line of `trackpipe stream` (plus `type`).
///
/// The same keys in both, snake_case, whatever the encoder's key strategy; a key whose value is absent is
/// left out:
///
/// | key | JSON type | meaning |
/// |---|---|---|
/// | `source_index` | integer | the fix's 0-based index in its input (`Fix.sourceIndex`) |
/// | `stage` | string | the label of the stage that made the change |
/// | `moved` | number | metres between the original and the updated position (`Geodesy.distance`, WGS84); 0 for a change that did not move the fix |
/// | `original` | object | the fix before the change: a ``Side`` |
/// | `updated` | object | the fix after the change: a ``Side`` |
public struct ChangeRecord: Encodable, Sendable, Hashable {
    public var sourceIndex: Int
    public var stage: String
    public var moved: Double
    public var original: Side
    public var updated: Side

    /// One side of a change: the fields stages change (`FixSnapshot`).
    ///
    /// | key | JSON type | meaning |
    /// |---|---|---|
    /// | `latitude` | number | WGS84 latitude, degrees |
    /// | `longitude` | number | WGS84 longitude, degrees |
    /// | `altitude` | number | metres; absent when the fix has none |
    /// | `time` | string | ISO 8601 UTC, as in ``DropRecord``; absent when the fix has none |
    /// | `horizontal_accuracy` | number | metres; absent when unknown (negative: the source marked it invalid) |
    /// | `segment` | integer | the fix's segment |
    /// | `paused` | boolean | whether auto-pause marked the fix paused |
    public struct Side: Encodable, Sendable, Hashable {
        public var latitude: Double
        public var longitude: Double
        public var altitude: Double?
        public var time: String?
        public var horizontalAccuracy: Double?
        public var segment: Int
        public var paused: Bool

        enum CodingKeys: String, CodingKey {
            case latitude, longitude, altitude, time, segment, paused
            case horizontalAccuracy = "horizontal_accuracy"
        }

        public init(_ s: FixSnapshot) {
            latitude = s.latitude
            longitude = s.longitude
            altitude = s.altitude
            time = s.time.flatMap(ISO8601Time.format)
            horizontalAccuracy = s.horizontalAccuracy
            segment = s.segment
            paused = s.paused
        }
    }

    enum CodingKeys: String, CodingKey {
        case sourceIndex = "source_index"
        case stage, moved, original, updated
    }

    public init(_ change: FixChange) {
        sourceIndex = change.original.sourceIndex
        stage = change.stage
        moved = Geodesy.distance(change.original.point, change.updated.point)
        original = Side(change.original)
        updated = Side(change.updated)
    }
}
