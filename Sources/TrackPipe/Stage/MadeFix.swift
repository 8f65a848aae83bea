/// A fix a stage made rather than read (a resampled instant between two fixes). It is in the stage's
/// ``StageOutput/kept`` under a fresh ``sourceIndex`` — at or above ``StageContext/firstMadeSourceIndex``, never one
/// the run has seen — so later stages, drops and changes can point at it; this record says where it came from.
/// The accounting then reads: every fix received or made is kept or dropped exactly once.
public struct MadeFix: Sendable, Hashable, Codable {
    /// The made fix's source index.
    public var sourceIndex: Int
    /// The source indices of the two fixes it was made between (earlier, later).
    public var from: Int
    public var to: Int

    public init(sourceIndex: Int, from: Int, to: Int) {
        self.sourceIndex = sourceIndex
        self.from = from
        self.to = to
    }
}
