/// What a stage declares about itself: the single source for the registry, spec validation and help.
public struct StageDescriptor: Sendable {
    /// Stable kebab-case name used in pipeline specs (`accuracy-gate`). Never renamed once published.
    public var name: String
    /// One line for `trackpipe stages`.
    public var summary: String
    /// Longer help: the rule, the defaults and why. Shown by `trackpipe stages NAME`.
    public var discussion: String
    /// The parameter table.
    public var parameters: [ParameterSpec]
    /// What the stage promises about its output; `StageConformance` (TrackPipeTesting) checks it.
    public var guarantees: StageGuarantees
    /// Why the stage drops fixes: judged wrong (a filter; the default), or kept out for size or privacy although
    /// valid (thinning, privacy zones). Scoring against truth counts only judged drops as anomaly detections.
    public var drops: DropKind

    /// Why a stage drops fixes.
    public enum DropKind: Sendable, Hashable {
        /// The fix is judged wrong (inaccurate, out of order, a jump).
        case judged
        /// The fix may be right; it is left out to make the track smaller or to hide a place.
        case leftOut
    }

    public init(name: String, summary: String, discussion: String = "", parameters: [ParameterSpec],
                guarantees: StageGuarantees = [], drops: DropKind = .judged) {
        self.name = name
        self.summary = summary
        self.discussion = discussion
        self.parameters = parameters
        self.guarantees = guarantees
        self.drops = drops
    }

    /// The parameter named `name`, if declared.
    public func parameter(named name: String) -> ParameterSpec? { parameters.first { $0.name == name } }
}
