/// Something a stage noticed that is not a per-fix keep/drop: a pause began or ended, a clock jump was
/// repaired, a badge was earned, the live status changed. Offline they are listed in the report; live
/// (`trackpipe stream`) each is written as an NDJSON line as it happens.
public struct StageEvent: Sendable, Hashable, Codable {
    /// The stage that emitted it.
    public var stage: String
    /// Kebab-case kind: `pause-start`, `pause-end`, `clock-jump`, `badge-earned`, `badge-status`, …
    public var kind: String
    /// When it happened (UTC seconds since 1970), if it has a time.
    public var time: Double?
    /// The fix it is about, if any (``Fix/sourceIndex``).
    public var sourceIndex: Int?
    /// Kind-specific fields, in SI units (document them in the stage's help).
    public var fields: [String: JSONValue]

    public init(stage: String, kind: String, time: Double? = nil, sourceIndex: Int? = nil, fields: [String: JSONValue] = [:]) {
        self.stage = stage
        self.kind = kind
        self.time = time
        self.sourceIndex = sourceIndex
        self.fields = fields
    }
}
