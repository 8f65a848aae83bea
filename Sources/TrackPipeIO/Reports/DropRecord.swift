import TrackPipe

/// One dropped fix — or one record the reader could not turn into a fix — as every TrackPipe output writes
/// it: an entry of a run report's `dropped` list (`trackpipe run --report`), the properties of a drops GeoJSON
/// feature (`trackpipe run --drops`, plus `input`) and a `drop` line of `trackpipe stream` (plus `type`).
///
/// The same keys in all three, snake_case, whatever the encoder's key strategy; a key whose value is absent is
/// left out:
///
/// | key | JSON type | meaning |
/// |---|---|---|
/// | `source_index` | integer | the record's 0-based index in its input (`Fix.sourceIndex`) |
/// | `stage` | string | the label of the stage that dropped it; `read` for a record the reader rejected |
/// | `rule` | string | the kebab-case rule within the stage (`max-horizontal-accuracy`, `not-later`, `bad-record`, …) |
/// | `measured` | number | the value the rule judged, in `unit` |
/// | `threshold` | number | the limit it was judged against, in `unit` |
/// | `unit` | string | the SI unit of `measured` and `threshold` (`m`, `s`, `m/s`, `m/s²`, `fixes`, …); absent for dimensionless values |
/// | `detail` | string | a sentence for a person, when the rule alone does not say enough |
/// | `time` | string | the fix's time, ISO 8601 UTC (`2024-05-01T07:30:00.5Z`; as many fraction digits as needed, at most 9) |
/// | `latitude` | number | the fix's WGS84 latitude, degrees |
/// | `longitude` | number | the fix's WGS84 longitude, degrees |
/// | `line` | integer | the 1-based input line of a record the reader could not read, when the reader knows it (`Drop.line`) |
///
/// A reader rejection has no fix, so no `time`, `latitude` or `longitude`.
public struct DropRecord: Encodable, Sendable, Hashable {
    public var sourceIndex: Int
    public var stage: String
    public var rule: String
    public var measured: Double?
    public var threshold: Double?
    public var unit: String?
    public var detail: String?
    public var time: String?
    public var latitude: Double?
    public var longitude: Double?
    public var line: Int?

    enum CodingKeys: String, CodingKey {
        case sourceIndex = "source_index"
        case stage, rule, measured, threshold, unit, detail, time, latitude, longitude, line
    }

    /// The record of `drop`.
    public init(_ drop: Drop) {
        sourceIndex = drop.sourceIndex
        stage = drop.stage
        rule = drop.rule
        measured = drop.measured
        threshold = drop.threshold
        unit = drop.unit == .none ? nil : drop.unit.symbol
        detail = drop.detail
        time = drop.fix?.time.flatMap(ISO8601Time.format)
        latitude = drop.fix?.latitude
        longitude = drop.fix?.longitude
        line = drop.line
    }
}
