/// Where a ``FixProcessor`` puts its decisions. Live, the runner drains it after every push and forwards
/// kept fixes to the next stage at once; offline it accumulates the whole ``StageOutput``.
public struct StageEmitter: Sendable {
    /// The stage label stamped on every drop, change, event and summary item.
    public let label: String
    public private(set) var output: StageOutput

    public init(label: String) {
        self.label = label
        self.output = StageOutput(kept: [])
    }

    mutating func reserveCapacity(_ n: Int) { output.kept.reserveCapacity(n) }

    /// Keeps `fix` unchanged.
    public mutating func keep(_ fix: Fix) {
        output.kept.append(fix)
    }

    /// Keeps `updated` in place of `original`, recording the change.
    public mutating func keep(_ updated: Fix, changedFrom original: Fix) {
        output.kept.append(updated)
        output.changed.append(FixChange(original: original, updated: updated, stage: label))
    }

    /// Drops `fix` by `rule`, with the measured value and threshold in `unit` when there are any.
    public mutating func drop(
        _ fix: Fix, rule: String, measured: Double? = nil, threshold: Double? = nil, unit: MeasurementUnit = .none,
        detail: String? = nil
    ) {
        output.dropped.append(Drop(fix: fix, stage: label, rule: rule, measured: measured, threshold: threshold, unit: unit, detail: detail))
    }

    /// Emits an event.
    public mutating func emit(_ kind: String, time: Double? = nil, sourceIndex: Int? = nil, fields: [String: JSONValue] = [:]) {
        output.events.append(StageEvent(stage: label, kind: kind, time: time, sourceIndex: sourceIndex, fields: fields))
    }

    /// Publishes an annotation for later stages and the report.
    public mutating func annotate<K: AnnotationKey>(_ key: K.Type, _ value: K.Value) {
        output.annotations[key] = value
    }

    /// Adds (or replaces, by key) a summary figure.
    public mutating func summarize(_ key: String, label: String, value: Double, unit: MeasurementUnit) {
        output.summary.removeAll { $0.key == key }
        output.summary.append(SummaryItem(key: key, label: label, value: value, unit: unit, stage: self.label))
    }

    /// Takes what was emitted since the last drain (live mode), leaving annotations and summary in place.
    public mutating func drain() -> (kept: [Fix], dropped: [Drop], changed: [FixChange], events: [StageEvent]) {
        defer {
            output.kept.removeAll(keepingCapacity: true)
            output.dropped.removeAll(keepingCapacity: true)
            output.changed.removeAll(keepingCapacity: true)
            output.events.removeAll(keepingCapacity: true)
        }
        return (output.kept, output.dropped, output.changed, output.events)
    }
}
