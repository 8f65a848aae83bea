/// A fix a stage kept but altered (a smoother moved it, clock repair re-stamped it, auto-pause marked it
/// paused): what it was and what it became, so a report can show how far it moved. The whole updated fix is
/// in ``StageOutput/kept``; the change keeps a ``FixSnapshot`` of each side (the fields stages change), not
/// two whole fixes, and the stage's label as an interned ``StageLabel``: 128 bytes (stride) of plain data per change
/// rather than 512 bytes holding strings, so reporting the changes of a smoothed run is cheap to build and free.
public struct FixChange: Sendable, Hashable, Codable {
    public var original: FixSnapshot
    public var updated: FixSnapshot
    /// The label of the stage that made the change.
    public var stageLabel: StageLabel

    /// The label of the stage that made the change, as text.
    public var stage: String {
        get { stageLabel.name }
        set { stageLabel = StageLabel(newValue) }
    }

    @inlinable
    public init(original: FixSnapshot, updated: FixSnapshot, stageLabel: StageLabel) {
        self.original = original
        self.updated = updated
        self.stageLabel = stageLabel
    }

    /// A change by the stage labelled `stage` (interns the label: inside per-fix loops prefer
    /// the `stageLabel:` initialiser with a label interned once).
    public init(original: FixSnapshot, updated: FixSnapshot, stage: String) {
        self.init(original: original, updated: updated, stageLabel: StageLabel(stage))
    }

    /// The change from `original` to `updated`, snapshotting both.
    @inlinable
    public init(original: Fix, updated: Fix, stageLabel: StageLabel) {
        self.init(original: FixSnapshot(original), updated: FixSnapshot(updated), stageLabel: stageLabel)
    }

    /// The change from `original` to `updated` by the stage labelled `stage`, snapshotting both.
    public init(original: Fix, updated: Fix, stage: String) {
        self.init(original: FixSnapshot(original), updated: FixSnapshot(updated), stageLabel: StageLabel(stage))
    }

    enum CodingKeys: String, CodingKey { case original, updated, stage }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(original: try c.decode(FixSnapshot.self, forKey: .original),
                  updated: try c.decode(FixSnapshot.self, forKey: .updated),
                  stage: try c.decode(String.self, forKey: .stage))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(original, forKey: .original)
        try c.encode(updated, forKey: .updated)
        try c.encode(stage, forKey: .stage)
    }
}
