import TrackPipe

/// `distance`: measures the run. Keeps every fix; publishes the cumulative distance per fix
/// (`CumulativeDistanceKey`, keyed by source index), the method used (``DistanceMethodKey``) and the
/// summary figures distance, elapsed time, moving time, average moving pace and speed, and a robust maximum
/// speed. The counting rules (segments, pauses, 2D/3D) are `DistanceAccumulator`'s.
///
/// Causal: live, the summary figures (except the maximum speed, which needs the whole run) are updated after
/// every fix, so a running app can show them as they grow.
public struct DistanceStage: StreamingStage {
    /// Summary keys this stage owns.
    public enum SummaryKey {
        public static let distance = "distance"
        public static let elapsedTime = "elapsed-time"
        public static let movingTime = "moving-time"
        public static let averageSpeed = "average-speed"
        public static let averagePace = "average-pace"
        public static let maxSpeed = "max-speed"
    }

    public static let descriptor = StageDescriptor(
        name: "distance",
        summary: "Measures distance, elapsed and moving time, average pace and speed, and a robust maximum speed.",
        discussion: """
            Keeps every fix. A step between two fixes counts toward distance and moving time only when both are \
            in the same segment and the later one is not paused (auto-pause marks paused fixes), so a break in \
            the recording or a stop is neither distance nor moving time. The step that leaves an auto-pause is \
            measured from the pause's anchor (where the runner arrived) by positions, less the two fixes' \
            reported error and at most what the runner can have covered in the pause's first and last seconds: \
            the running either side of a stop that the pause takes in counts (a step out measured by speeds \
            stays so). Elapsed time runs from the first to the \
            last fix time. Average speed = distance / moving time; average pace = moving time / distance (both \
            omitted when either is zero). Maximum speed is robust: the `max-speed-percentile` percentile of \
            speeds averaged over `max-speed-window` seconds, so a GPS jump cannot set it. Time figures are \
            omitted for a track without times. Publishes the annotations `cumulative-distance` (m per fix, by \
            source index; offline only: live, no list grows with the run) and `distance-method` (the formula and \
            options used).
            """,
        parameters: DistanceParameters.specs + [
            .number("max-speed-window", unit: .seconds, default: 10, range: ParameterRange(lower: 0, lowerInclusive: false, upper: 3600),
                    help: "Speeds for the maximum are averaged over at least this many seconds. 10 s divides the "
                        + "false distance of a single-fix jump by ten, while a real sprint lasts longer."),
            .number("max-speed-percentile", unit: .none, default: 95, range: .closed(50, 100),
                    help: "The maximum speed is this percentile of the windowed speeds (100 = their maximum). 95 "
                        + "ignores the windows a few GPS jumps inflate (each touches one window's worth of fixes)."),
        ],
        guarantees: [.preservesOrder, .preservesPositions, .measuresOnly])

    public let distance: DistanceParameters
    public let maxSpeedWindow: Double
    public let maxSpeedPercentile: Double

    public init(parameters: StageParameters) throws {
        distance = try DistanceParameters(parameters)
        maxSpeedWindow = try parameters.number("max-speed-window")
        maxSpeedPercentile = try parameters.number("max-speed-percentile")
    }

    public init(distance: DistanceParameters = DistanceParameters(), maxSpeedWindow: Double = 10, maxSpeedPercentile: Double = 95) {
        self.distance = distance
        self.maxSpeedWindow = maxSpeedWindow
        self.maxSpeedPercentile = maxSpeedPercentile
    }

    public var method: DistanceMethod {
        DistanceMethod(formula: distance.formula, threeDimensional: distance.threeDimensional, method: distance.method,
                       maxSpeedWindow: maxSpeedWindow, maxSpeedPercentile: maxSpeedPercentile)
    }

    public func makeProcessor(context: StageContext) throws -> any FixProcessor {
        Processor(accumulator: distance.accumulator(for: context.activity), speeds: WindowedSpeeds(window: maxSpeedWindow),
                  percentile: maxSpeedPercentile, method: method, live: context.isLive)
    }

    struct Processor: FixProcessor {
        var accumulator: DistanceAccumulator
        var speeds: WindowedSpeeds
        let percentile: Double
        let method: DistanceMethod
        /// Live, the summary figures are kept current after every fix (what a running app shows); offline they are
        /// set once, at the end (the same figures: a fifth of the stage's time on a long run went on updating them).
        let live: Bool
        /// Each fix's cumulative distance, for the `cumulative-distance` annotation (offline only).
        var series = PerFixSeries(unit: .metres)

        mutating func push(_ fix: Fix, into out: inout StageEmitter) throws {
            let step = accumulator.advance(fix)
            speeds.add(time: fix.time, continues: step.counted, distanceAfter: step.distanceAfter)
            // Offline only: the series is for outputs written from the whole run (a live pipeline publishes no
            // annotations), and live it grew by 16 bytes a fix for as long as the stream ran.
            if !live {
                series.sourceIndices.append(fix.sourceIndex)
                series.values.append(step.distanceAfter)
            }
            out.keep(fix)
            if live { summarize(into: &out) }
        }

        mutating func finish(into out: inout StageEmitter) throws {
            summarize(into: &out)
            if let v = speeds.percentile(percentile) {
                out.summarize(SummaryKey.maxSpeed, label: "Maximum speed", value: v, unit: .metresPerSecond)
            }
            if !live { out.annotate(CumulativeDistanceKey.self, series) }
            out.annotate(DistanceMethodKey.self, method)
        }

        private func summarize(into out: inout StageEmitter) {
            let d = accumulator.distance
            out.summarize(SummaryKey.distance, label: "Distance", value: d, unit: .metres)
            guard let elapsed = accumulator.elapsedTime else { return }
            let moving = accumulator.movingTime
            out.summarize(SummaryKey.elapsedTime, label: "Elapsed time", value: elapsed, unit: .seconds)
            out.summarize(SummaryKey.movingTime, label: "Moving time", value: moving, unit: .seconds)
            if d > 0, moving > 0 {
                out.summarize(SummaryKey.averageSpeed, label: "Average moving speed", value: d / moving, unit: .metresPerSecond)
                out.summarize(SummaryKey.averagePace, label: "Average moving pace", value: moving / d, unit: .secondsPerMetre)
            }
        }
    }
}
