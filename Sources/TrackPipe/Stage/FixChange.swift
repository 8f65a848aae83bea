/// A fix a stage kept but altered (a smoother moved it, clock repair re-stamped it): the original is kept
/// alongside so nothing is lost and a report can show how far it moved.
public struct FixChange: Sendable, Hashable, Codable {
    public var original: Fix
    public var updated: Fix
    public var stage: String

    public init(original: Fix, updated: Fix, stage: String) {
        self.original = original
        self.updated = updated
        self.stage = stage
    }
}
