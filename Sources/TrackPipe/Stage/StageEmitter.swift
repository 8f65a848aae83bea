/// Where a ``FixProcessor`` puts its decisions. Live, the runner drains it after every push and forwards
/// kept fixes to the next stage at once; offline it accumulates the whole ``StageOutput``.
public struct StageEmitter: Sendable {
    /// The stage label stamped on every drop, change, event and summary item.
    public let label: String
    /// `label` interned once, for the changes recorded per fix.
    public let stageLabel: StageLabel
    public private(set) var output: StageOutput
    /// Where ``summarize(_:label:value:unit:text:)`` looks first: the figure after the one it last updated (a
    /// stage that keeps its figures current updates them in the same order after every fix).
    private var nextSummaryIndex = 0

    /// Offline, for a stage that only measures (``StageGuarantees/measuresOnly``): kept fixes are counted here
    /// instead of stored, and `StreamingStage`'s `run` hands on its input as the kept fixes — four such stages in
    /// the default pipeline each copied every fix into a list of their own (33 MB at 230 000 fixes).
    private let countsKept: Bool
    /// Fixes kept while ``countsKept``.
    private(set) var keptCount = 0

    public init(label: String) {
        self.init(label: label, countsKept: false)
    }

    init(label: String, countsKept: Bool) {
        self.label = label
        self.stageLabel = StageLabel(label)
        self.output = StageOutput(kept: [])
        self.countsKept = countsKept
    }

    /// Offline, when a stage knows how many fixes it will keep, drop or change (or a bound): reserves room for them,
    /// so each list is stored once instead of in a growing, re-copied array (a drop or a change is 200–300 bytes).
    public mutating func reserveCapacity(kept: Int = 0, dropped: Int = 0, changed: Int = 0) {
        if kept > 0 { output.kept.reserveCapacity(kept) }
        if dropped > 0 { output.dropped.reserveCapacity(dropped) }
        if changed > 0 { output.changed.reserveCapacity(changed) }
    }

    /// Keeps `fix` unchanged.
    public mutating func keep(_ fix: Fix) {
        if countsKept { keptCount += 1 } else { output.kept.append(fix) }
    }

    /// Keeps `updated` in place of `original`, recording the change.
    public mutating func keep(_ updated: Fix, changedFrom original: Fix) {
        output.kept.append(updated)
        output.changed.append(FixChange(original: original, updated: updated, stageLabel: stageLabel))
    }

    /// Drops `fix` by `rule`, with the measured value and threshold in `unit` when there are any.
    public mutating func drop(
        _ fix: Fix, rule: String, measured: Double? = nil, threshold: Double? = nil, unit: MeasurementUnit = .none,
        detail: String? = nil
    ) {
        // The memberwise initialiser (see Drop's extension): the drop is built where it is stored.
        output.dropped.append(Drop(fix: fix, sourceIndex: fix.sourceIndex, stage: label, rule: rule, measured: measured,
                                   threshold: threshold, unit: unit, detail: detail, line: nil))
    }

    /// Emits an event.
    public mutating func emit(_ kind: String, time: Double? = nil, sourceIndex: Int? = nil, fields: [String: JSONValue] = [:]) {
        output.events.append(StageEvent(stage: label, kind: kind, time: time, sourceIndex: sourceIndex, fields: fields))
    }

    /// Publishes an annotation for later stages and the report.
    public mutating func annotate<K: AnnotationKey>(_ key: K.Type, _ value: K.Value) {
        output.annotations[key] = value
    }

    /// Adds a summary figure, or replaces the one with the same key where it stands (so a stage that keeps its
    /// figures current after every fix, as `distance` does for live status, pays no allocation per fix).
    /// `text` says in words what the figure is about when the number alone does not (``SummaryItem/text``).
    public mutating func summarize(_ key: String, label: String, value: Double, unit: MeasurementUnit, text: String? = nil) {
        let guess = nextSummaryIndex < output.summary.count ? nextSummaryIndex : 0
        guard let i = guess < output.summary.count && output.summary[guess].key == key
                ? guess : output.summary.firstIndex(where: { $0.key == key }) else {
            output.summary.append(SummaryItem(key: key, label: label, value: value, unit: unit, stage: self.label, text: text))
            nextSummaryIndex = output.summary.count
            return
        }
        nextSummaryIndex = i + 1
        output.summary[i].value = value
        output.summary[i].unit = unit
        if output.summary[i].label != label { output.summary[i].label = label }
        if output.summary[i].text != text { output.summary[i].text = text }
    }

    /// Takes what was emitted since the last drain (live mode), leaving annotations and summary in place.
    /// Each non-empty list is moved out whole (the emitter starts it afresh); empty ones cost nothing.
    public mutating func drain() -> (kept: [Fix], dropped: [Drop], changed: [FixChange], events: [StageEvent]) {
        (Self.take(&output.kept), Self.take(&output.dropped), Self.take(&output.changed), Self.take(&output.events))
    }

    /// Live mode without allocating: swaps what was emitted since the last drain into the caller's buffers
    /// (cleared first, their capacity kept) and leaves the emitter the cleared buffers, so once both sides have
    /// grown to the largest batch a push-and-drain allocates nothing. Annotations and summary stay in place.
    mutating func drain(kept: inout [Fix], dropped: inout [Drop], changed: inout [FixChange], events: inout [StageEvent]) {
        Self.exchange(&kept, &output.kept)
        Self.exchange(&dropped, &output.dropped)
        Self.exchange(&changed, &output.changed)
        Self.exchange(&events, &output.events)
    }

    /// Live: whether drops, changes or events were emitted since the last drain (mostly not: a push usually only
    /// keeps its fix, and then ``drainKept(into:)`` is all a drain needs).
    var hasDropsChangesOrEvents: Bool {
        !output.dropped.isEmpty || !output.changed.isEmpty || !output.events.isEmpty
    }

    /// Live, when ``hasDropsChangesOrEvents`` is false: swaps the kept fixes into `kept`, as
    /// ``drain(kept:dropped:changed:events:)`` does.
    mutating func drainKept(into kept: inout [Fix]) {
        Self.exchange(&kept, &output.kept)
    }

    /// Offline, for a stage that changes (nearly) every fix: reserves room in ``StageOutput/changed`` for as
    /// many changes as ``StageOutput/kept`` has room for fixes (the whole track, see ``StreamingStage``'s
    /// `run`), so the changes are stored once instead of in a growing, re-copied array.
    public mutating func expectChangesToEveryFix() {
        output.changed.reserveCapacity(output.kept.capacity)
    }

    /// Offline, for a stage that drops most fixes (thinning): reserves room in ``StageOutput/dropped`` for as many
    /// drops as ``StageOutput/kept`` has room for fixes (the whole track, see ``StreamingStage``'s `run`). Live, the
    /// kept list is drained after every fix, so this reserves next to nothing.
    public mutating func expectDropsOfMostFixes() {
        output.dropped.reserveCapacity(output.kept.capacity)
    }

    private static func take<T>(_ list: inout [T]) -> [T] {
        guard !list.isEmpty else { return [] }
        var taken: [T] = []
        swap(&taken, &list)
        return taken
    }

    private static func exchange<T>(_ buffer: inout [T], _ list: inout [T]) {
        // A live batch is a fix or two: removed one by one, as `removeAll(keepingCapacity:)` goes through the
        // general `replaceSubrange` (about 70 instructions a call, eight calls a fix: 2 % of `stream`).
        if buffer.count <= 4 {
            while !buffer.isEmpty { buffer.removeLast() }
        } else {
            buffer.removeAll(keepingCapacity: true)
        }
        swap(&buffer, &list)
    }
}
