/// The run that won a badge level (earned, silver, gold, best).
public struct BadgeAward: Sendable, Hashable, Codable {
    /// Index of the run in the list given to ``BadgeHistory/evaluate(runs:catalog:)``.
    public var runIndex: Int
    public var runName: String
    /// The run's start, UTC seconds since 1970, when known.
    public var date: Double?
    /// The run's average speed, m/s, when it has a time.
    public var averageSpeed: Double?

    public init(runIndex: Int, run: RunSummary) {
        self.runIndex = runIndex
        self.runName = run.name
        self.date = run.start
        self.averageSpeed = run.averageSpeed
    }
}
