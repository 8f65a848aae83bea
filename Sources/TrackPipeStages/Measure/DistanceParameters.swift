import TrackPipe

/// The `formula` and `three-dimensional` parameters, declared once for every stage that measures distance
/// (`distance`, `splits`, `badges`), so their names, defaults and help cannot drift apart. Give all of them the
/// same values in a pipeline: each measures independently (so each can run live), with the same
/// `DistanceAccumulator` rules.
public struct DistanceParameters: Sendable, Hashable {
    public var formula: DistanceFormula
    public var threeDimensional: Bool
    public var method: StepMeasure

    public init(formula: DistanceFormula = .default, threeDimensional: Bool = false, method: StepMeasure = .steps) {
        self.formula = formula
        self.threeDimensional = threeDimensional
        self.method = method
    }

    /// Reads the parameters declared by ``specs``.
    public init(_ parameters: StageParameters) throws {
        formula = try parameters.choice("formula", as: DistanceFormula.self)
        threeDimensional = try parameters.bool("three-dimensional")
        method = try parameters.choice("method", as: StepMeasure.self)
    }

    /// A fresh accumulator with these settings, for a track of `activity` (nil: running, the tool's default): a
    /// speed above the activity's jump limit (`superman-jump`'s) is corrupt, and a step is then measured by its
    /// positions (see `DistanceAccumulator.maximumSpeed`).
    public func accumulator(for activity: Activity?) -> DistanceAccumulator {
        DistanceAccumulator(formula: formula, threeDimensional: threeDimensional, measure: method,
                            maximumSpeed: JumpSpeedLimit.maxSpeed(for: activity))
    }

    /// The parameter table rows.
    public static let specs: [ParameterSpec] = [
        .choice("formula", DistanceFormula.allCases.map(\.rawValue), default: DistanceFormula.default.rawValue,
                help: "How a step between fixes is measured: `local` (default; flat approximation with the WGS84 "
                    + "radii of curvature, sub-millimetre for GPS steps, Vincenty beyond 10 km), `vincenty` "
                    + "(WGS84 ellipsoid, iterative) or `haversine` (sphere, up to 0.5 % off)."),
        .choice("method", StepMeasure.allCases.map(\.rawValue), default: StepMeasure.steps.rawValue,
                help: "How a step is measured: `steps` (default; the distance between the fixes) or `speed` (the "
                    + "time integral of the fixes' speeds, trapezoid, where both carry one of at most the activity's jump "
                    + "limit, superman-jump's, as a faster one is corrupt; else the step; a step over 2 s only after a "
                    + "short one, a gap, and then held within 2 sigma of the fixes' accuracies of the path their speeds "
                    + "and courses describe across it). `speed` "
                    + "after track-smoother measures ∫|v| dt of the smoothed velocity; on raw fixes, of the Doppler speeds."),
        .boolean("three-dimensional", default: false,
                 help: "Add the altitude change to each step (√(h² + Δz²)) where both fixes have a GPS altitude. "
                    + "Off by default: altitude noise adds false length on the flat, and watches report 2D distance."),
    ]
}
