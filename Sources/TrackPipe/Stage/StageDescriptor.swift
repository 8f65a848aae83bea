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

    public init(name: String, summary: String, discussion: String = "", parameters: [ParameterSpec],
                guarantees: StageGuarantees = []) {
        self.name = name
        self.summary = summary
        self.discussion = discussion
        self.parameters = parameters
        self.guarantees = guarantees
    }

    /// The parameter named `name`, if declared.
    public func parameter(named name: String) -> ParameterSpec? { parameters.first { $0.name == name } }
}
