import TrackPipe

/// One setting of ``SimulationParameters`` by its dotted name (`multipath.rate-per-hour`), for the CLI's
/// `--set NAME=VALUE` and for documentation: unit, allowed range and help text, with the default read from
/// ``SimulationParameters/init()`` so the table cannot drift from the code.
public struct SimulationParameter {
    /// How the value is stored.
    public enum Value {
        case number(WritableKeyPath<SimulationParameters, Double>)
        case integer(WritableKeyPath<SimulationParameters, Int>)
        case flag(WritableKeyPath<SimulationParameters, Bool>)
    }

    public var name: String
    public var unit: String
    public var value: Value
    /// Smallest allowed value (numbers and integers); `nil` = any.
    public var minimum: Double?
    /// Largest allowed value; `nil` = any.
    public var maximum: Double?
    public var help: String

    init(_ name: String, _ unit: String, _ value: Value, min: Double? = 0, max: Double? = nil, _ help: String) {
        self.name = name
        self.unit = unit
        self.value = value
        minimum = min
        maximum = max
        self.help = help
    }

    /// The value in `parameters`, as text.
    public func text(in parameters: SimulationParameters) -> String {
        switch value {
        case .number(let k):
            return JSONValue.number(parameters[keyPath: k]).description
        case .integer(let k): return String(parameters[keyPath: k])
        case .flag(let k): return parameters[keyPath: k] ? "on" : "off"
        }
    }

    /// The allowed values, as text: `2 … 1000000`, `on/off`, `≥ 0`.
    public var rangeText: String {
        if case .flag = value { return "on/off" }
        func text(_ x: Double) -> String { JSONValue.number(x).description }
        switch (minimum, maximum) {
        case let (lo?, hi?): return "\(text(lo)) … \(text(hi))"
        case let (lo?, nil): return "≥ \(text(lo))"
        case let (nil, hi?): return "≤ \(text(hi))"
        case (nil, nil): return "any"
        }
    }

    /// The default, as text.
    public var defaultText: String { text(in: SimulationParameters()) }

    /// Sets the value from `text` (`on`/`off`/`true`/`false` for switches); an error sentence when it does not parse or is out of range.
    public func set(_ text: String, in parameters: inout SimulationParameters) -> String? {
        switch value {
        case .flag(let k):
            switch text.lowercased() {
            case "on", "true", "yes", "1": parameters[keyPath: k] = true
            case "off", "false", "no", "0": parameters[keyPath: k] = false
            default: return "\(name): expected on or off, found '\(text)'"
            }
        case .number(let k):
            guard let v = Double(text), v.isFinite else { return "\(name): expected a number (\(unit)), found '\(text)'" }
            parameters[keyPath: k] = v
        case .integer(let k):
            guard let v = Int(text) else { return "\(name): expected a whole number, found '\(text)'" }
            parameters[keyPath: k] = v
        }
        return problem(in: parameters)
    }

    /// A sentence when the value in `parameters` is outside the allowed range.
    public func problem(in parameters: SimulationParameters) -> String? {
        let v: Double
        switch value {
        case .flag: return nil
        case .number(let k): v = parameters[keyPath: k]
        case .integer(let k): v = Double(parameters[keyPath: k])
        }
        // Numbers as a user writes them: 2, not 2.0.
        func text(_ x: Double) -> String { JSONValue.number(x).description }
        if let minimum, v < minimum { return "\(name) must be at least \(text(minimum)) \(unit), found \(text(v))" }
        if let maximum, v > maximum { return "\(name) must be at most \(text(maximum)) \(unit), found \(text(v))" }
        return nil
    }

    /// The setting called `name`, if any.
    public static func named(_ name: String) -> SimulationParameter? { all.first { $0.name == name } }

    /// Every setting, grouped by effect.
    public static var all: [SimulationParameter] {
        [
            .init("fix-count", "fixes", .integer(\.fixCount), min: 2, max: 1_000_000, "Observed fixes (1 Hz)."),
            .init("start-time", "s", .number(\.startTime), min: 0, max: 4_102_444_800, "True time of the first second, seconds since 1970 UTC."),
            .init("runner.speed", "m/s", .number(\.runner.speed), min: 0.5, max: 12, "Mean running speed."),
            .init("runner.speed-variation", "ratio", .number(\.runner.speedVariation), max: 0.5, "Relative std of the slow pace wander."),
            .init("runner.speed-time-constant", "s", .number(\.runner.speedTimeConstant), min: 1, max: 86_400, "Correlation time of the pace wander."),
            .init("runner.acceleration", "m/s²", .number(\.runner.acceleration), min: 0.1, max: 10, "Acceleration and braking."),
            .init("runner.light-stop-probability", "ratio", .number(\.runner.trafficLightStopProbability), max: 1, "Chance a traffic light is red (the runner stops)."),
            .init("runner.extra-stops", "stops", .integer(\.runner.extraStops), max: 100, "Stops at random places."),
            .init("runner.start-delay", "s", .number(\.runner.startDelay), max: 3600, "Seconds standing at the start before setting off."),
            .init("runner.minimum-stop", "s", .number(\.runner.minimumStop), min: 1, max: 3600, "Shortest stop."),
            .init("runner.maximum-stop", "s", .number(\.runner.maximumStop), min: 1, max: 3600, "Longest stop."),
            .init("error.sigma", "m", .number(\.error.sigma), max: 1000, "Per-axis std of the everyday error, open sky."),
            .init("error.time-constant", "s", .number(\.error.timeConstant), min: 1, max: 86_400, "Correlation time of the error (Gauss–Markov)."),
            .init("error.building-factor", "ratio", .number(\.error.buildingFactor), min: 1, max: 20, "Error multiplier near buildings."),
            .init("error.accuracy-scale", "ratio", .number(\.error.accuracyScale), min: 0.1, max: 10, "Reported accuracy ÷ per-axis std (1 = 1-σ; 1.51 = iOS 68 % radius)."),
            .init("error.accuracy-noise", "ratio", .number(\.error.accuracyNoise), max: 2, "Log-normal spread of the reported accuracy."),
            .init("error.altitude", "m", .number(\.error.altitude), min: -500, max: 9000, "Altitude of the route."),
            .init("warm-up.enabled", "", .flag(\.warmUp.enabled), "Warm-up fixes at the start."),
            .init("warm-up.fixes", "fixes", .integer(\.warmUp.fixes), min: 1, max: 1000, "Number of warm-up fixes."),
            .init("warm-up.initial-error", "m", .number(\.warmUp.initialError), max: 10_000, "Error of the first fix."),
            .init("warm-up.final-error", "m", .number(\.warmUp.finalError), max: 10_000, "Error of the last warm-up fix."),
            .init("multipath.enabled", "", .flag(\.multipath.enabled), "Multipath bursts."),
            .init("multipath.rate-per-hour", "1/h", .number(\.multipath.ratePerHour), max: 3600, "Bursts per hour near buildings."),
            .init("multipath.open-sky-factor", "ratio", .number(\.multipath.openSkyFactor), max: 1, "Rate away from buildings, as a fraction."),
            .init("multipath.minimum-duration", "s", .number(\.multipath.minimumDuration), min: 1, max: 600, "Shortest burst."),
            .init("multipath.maximum-duration", "s", .number(\.multipath.maximumDuration), min: 1, max: 600, "Longest burst."),
            .init("multipath.minimum-magnitude", "m", .number(\.multipath.minimumMagnitude), max: 10_000, "Smallest peak pull."),
            .init("multipath.maximum-magnitude", "m", .number(\.multipath.maximumMagnitude), max: 10_000, "Largest peak pull."),
            .init("multipath.reported-fraction", "ratio", .number(\.multipath.reportedFraction), max: 1, "Part of the pull the accuracy admits."),
            .init("jumps.enabled", "", .flag(\.jumps.enabled), "Superman jumps."),
            .init("jumps.count", "jumps", .integer(\.jumps.count), max: 1000, "Number of jumps."),
            .init("jumps.maximum-fixes", "fixes", .integer(\.jumps.maximumFixes), min: 1, max: 100, "Fixes per jump, at most."),
            .init("jumps.minimum-distance", "m", .number(\.jumps.minimumDistance), max: 100_000, "Shortest jump."),
            .init("jumps.maximum-distance", "m", .number(\.jumps.maximumDistance), max: 100_000, "Longest jump."),
            .init("cell-fixes.enabled", "", .flag(\.cellFixes.enabled), "Cell-tower/Wi-Fi fixes."),
            .init("cell-fixes.count", "episodes", .integer(\.cellFixes.count), max: 1000, "Number of episodes."),
            .init("cell-fixes.maximum-fixes", "fixes", .integer(\.cellFixes.maximumFixes), min: 1, max: 100, "Fixes per episode, at most."),
            .init("cell-fixes.error-sigma", "m", .number(\.cellFixes.errorSigma), max: 100_000, "Per-axis std of the network position error."),
            .init("cell-fixes.minimum-accuracy", "m", .number(\.cellFixes.minimumAccuracy), max: 100_000, "Smallest reported accuracy."),
            .init("cell-fixes.maximum-accuracy", "m", .number(\.cellFixes.maximumAccuracy), max: 100_000, "Largest reported accuracy."),
            .init("out-of-order.enabled", "", .flag(\.outOfOrder.enabled), "Swapped record pairs."),
            .init("out-of-order.count", "pairs", .integer(\.outOfOrder.count), max: 1000, "Number of swapped pairs."),
            .init("duplicates.enabled", "", .flag(\.duplicates.enabled), "Duplicate timestamps."),
            .init("duplicates.count", "fixes", .integer(\.duplicates.count), max: 1000, "Number of duplicated timestamps."),
            .init("clock-jump.enabled", "", .flag(\.clockJump.enabled), "A jump of the system clock."),
            .init("clock-jump.at", "ratio", .number(\.clockJump.at), max: 1, "Where, as a fraction of the fixes."),
            .init("clock-jump.offset", "s", .number(\.clockJump.offset), min: -10_000_000, max: 10_000_000, "The clock's error after the jump (negative = back)."),
            .init("clock-jump.duration", "s", .number(\.clockJump.duration), max: 1_000_000, "How long it stays wrong (0 = to the end)."),
            .init("gaps.enabled", "", .flag(\.gaps.enabled), "Signal gaps."),
            .init("gaps.count", "gaps", .integer(\.gaps.count), max: 100, "Number of gaps."),
            .init("gaps.minimum-duration", "s", .number(\.gaps.minimumDuration), min: 1, max: 86_400, "Shortest gap."),
            .init("gaps.maximum-duration", "s", .number(\.gaps.maximumDuration), min: 1, max: 86_400, "Longest gap."),
            .init("doppler.enabled", "", .flag(\.doppler.enabled), "Doppler speed and course on each fix."),
            .init("doppler.white-sigma", "m/s", .number(\.doppler.whiteSigma), max: 100, "Per-axis std of the white velocity error."),
            .init("doppler.bias-sigma", "m/s", .number(\.doppler.biasSigma), max: 100, "Per-axis std of the correlated velocity error."),
            .init("doppler.bias-time-constant", "s", .number(\.doppler.biasTimeConstant), min: 1, max: 86_400, "Correlation time of the correlated velocity error."),
            .init("doppler.course-minimum-speed", "m/s", .number(\.doppler.courseMinimumSpeed), max: 100, "Course only at a measured speed of at least this."),
            .init("doppler.dropout-probability", "ratio", .number(\.doppler.dropoutProbability), max: 1, "Chance a fix has no speed and course."),
        ]
    }
}
