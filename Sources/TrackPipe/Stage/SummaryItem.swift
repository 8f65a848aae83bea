/// A figure a stage adds to the run's summary (total distance, moving time, badges earned, …), in SI units.
public struct SummaryItem: Sendable, Hashable, Codable {
    /// Stable kebab-case key (`distance`, `moving-time`), unique within a run's summary.
    public var key: String
    /// Label for a person ("Distance").
    public var label: String
    public var value: Double
    public var unit: MeasurementUnit
    /// The stage that added it.
    public var stage: String
    /// What the figure is about, in words, when a number alone does not say it: the `places` stage's start item
    /// has the distance from a place as ``value`` and where ("S of Winchester, United Kingdom") here; a terminal shows
    /// the value, then the text. Nil for
    /// plain figures (and then absent from JSON).
    public var text: String?

    public init(key: String, label: String, value: Double, unit: MeasurementUnit, stage: String, text: String? = nil) {
        self.key = key
        self.label = label
        self.value = value
        self.unit = unit
        self.stage = stage
        self.text = text
    }
}
