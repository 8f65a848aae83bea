/// A fix a stage kept but altered (a smoother moved it, clock repair re-stamped it, auto-pause marked it
/// paused): what it was and what it became, so a report can show how far it moved. The whole updated fix is
/// in ``StageOutput/kept``; the change keeps a ``FixSnapshot`` of each side (the fields stages change), not
/// two whole fixes, so reporting the changes of a smoothed run costs 144 bytes per fix rather than 512.
public struct FixChange: Sendable, Hashable, Codable {
    public var original: FixSnapshot
    public var updated: FixSnapshot
    public var stage: String

    @inlinable
    public init(original: FixSnapshot, updated: FixSnapshot, stage: String) {
        self.original = original
        self.updated = updated
        self.stage = stage
    }

    /// The change from `original` to `updated`, snapshotting both.
    @inlinable
    public init(original: Fix, updated: Fix, stage: String) {
        self.init(original: FixSnapshot(original), updated: FixSnapshot(updated), stage: stage)
    }
}
