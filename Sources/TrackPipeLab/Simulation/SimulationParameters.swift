import TrackPipe

/// Everything that shapes a simulated run besides its route and seed. Every effect can be switched off and
/// sized; ``SimulationParameter/all`` lists each setting by its dotted name (`jumps.count`) with unit,
/// default and meaning — the table `trackpipe simulate --list-parameters` prints and `--set` changes.
public struct SimulationParameters: Sendable, Hashable, Codable {
    /// Observed fixes to produce (1 Hz; signal gaps add true seconds without fixes). Default 2300.
    public var fixCount = 2300
    /// True time of the first second, seconds since 1970 (UTC). Default 1747468800 (2025-05-17T08:00:00Z).
    public var startTime = 1_747_468_800.0
    public var runner = RunnerProfile()
    public var error = PositionErrorModel()
    public var warmUp = WarmUpEffect()
    public var multipath = MultipathEffect()
    public var jumps = SupermanJumpEffect()
    public var cellFixes = CellFixEffect()
    public var outOfOrder = OutOfOrderEffect()
    public var duplicates = DuplicateTimestampEffect()
    public var clockJump = ClockJumpEffect()
    public var gaps = SignalGapEffect()
    public var doppler = DopplerEffect()

    public init() {}

    /// Every effect switched off: only the everyday time-correlated error remains (and the runner's stops).
    public static var clean: SimulationParameters {
        var p = SimulationParameters()
        p.warmUp.enabled = false
        p.multipath.enabled = false
        p.jumps.enabled = false
        p.cellFixes.enabled = false
        p.outOfOrder.enabled = false
        p.duplicates.enabled = false
        p.clockJump.enabled = false
        p.gaps.enabled = false
        return p
    }

    /// Problems with the values (negative counts, inverted ranges, …), one sentence each; empty when valid.
    public var problems: [String] {
        var out: [String] = []
        for parameter in SimulationParameter.all {
            if let problem = parameter.problem(in: self) { out.append(problem) }
        }
        func range(_ a: Double, _ b: Double, _ name: String) {
            if a > b { out.append("\(name): the minimum (\(a)) is above the maximum (\(b))") }
        }
        range(runner.minimumStop, runner.maximumStop, "runner.minimum-stop/maximum-stop")
        range(multipath.minimumDuration, multipath.maximumDuration, "multipath.minimum-duration/maximum-duration")
        range(multipath.minimumMagnitude, multipath.maximumMagnitude, "multipath.minimum-magnitude/maximum-magnitude")
        range(jumps.minimumDistance, jumps.maximumDistance, "jumps.minimum-distance/maximum-distance")
        range(cellFixes.minimumAccuracy, cellFixes.maximumAccuracy, "cell-fixes.minimum-accuracy/maximum-accuracy")
        range(gaps.minimumDuration, gaps.maximumDuration, "gaps.minimum-duration/maximum-duration")
        return out
    }
}
