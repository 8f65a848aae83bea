/// A fix (or an unreadable record) a stage did not keep, and exactly why. Dropping is data, never an error.
public struct Drop: Sendable, Hashable, Codable {
    /// The dropped fix; `nil` for a record the reader could not turn into a fix (stage `read`).
    public var fix: Fix?
    /// The record's index in the source (``Fix/sourceIndex``).
    public var sourceIndex: Int
    /// The stage that dropped it (its instance label in the pipeline, normally the stage name).
    public var stage: String
    /// Kebab-case rule within the stage: `max-horizontal-accuracy`, `not-later`, `implied-speed`, …
    public var rule: String
    /// The measured value the rule judged, in ``unit`` (e.g. 48.2 m), when there is one.
    public var measured: Double?
    /// The threshold it was judged against, in ``unit``.
    public var threshold: Double?
    public var unit: MeasurementUnit
    /// A sentence for a person, when the rule alone does not say enough.
    public var detail: String?
    /// The 1-based line in the source of a record the reader could not read, when the reader knows it
    /// (``RejectedRecord/line``); `nil` for fixes stages dropped.
    public var line: Int?

    /// The pseudo-stage name under which reader rejections are reported.
    public static let readStage = "read"
}

// The initialisers live in an extension so that the compiler's memberwise initialiser remains, for
// `StageEmitter.drop`: built through it, a drop is constructed in the array's storage, where through an
// initialiser with a body it was built aside, copied in and destroyed (a third of the thin stage's time).
extension Drop {
    public init(
        fix: Fix?, sourceIndex: Int? = nil, stage: String, rule: String, measured: Double? = nil,
        threshold: Double? = nil, unit: MeasurementUnit = .none, detail: String? = nil, line: Int? = nil
    ) {
        self.fix = fix
        self.sourceIndex = sourceIndex ?? fix?.sourceIndex ?? -1
        self.stage = stage
        self.rule = rule
        self.measured = measured
        self.threshold = threshold
        self.unit = unit
        self.detail = detail
        self.line = line
    }

    /// A reader rejection as a drop by the `read` stage.
    public init(rejected record: RejectedRecord) {
        self.init(fix: nil, sourceIndex: record.sourceIndex, stage: Drop.readStage, rule: record.rule, detail: record.reason,
                  line: record.line)
    }
}
