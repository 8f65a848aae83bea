import TrackPipe

/// The parameters shared by `kalman-smoother` and `kalman-filter`, parsed and checked: one table, so the live
/// filter and the offline smoother always run the same model.
public struct KalmanSettings: Sendable, Hashable {
    /// Where each fix's measurement σ comes from.
    public enum SigmaSource: String, Sendable, Hashable, CaseIterable {
        /// The fix's horizontal accuracy, read as a per-axis 1-sigma in metres, clamped to [floor, cap];
        /// ``KalmanSettings/sigma`` when the fix has none.
        case accuracy
        /// ``KalmanSettings/sigma`` for every fix.
        case fixed
    }

    /// Process-noise spectral density q, m²/s³; `nil` means the activity's default (``defaultProcessNoise(for:)``).
    public var processNoise: Double?
    public var sigmaSource: SigmaSource
    /// σ in metres for `fixed`, and for fixes without an accuracy under `accuracy`.
    public var sigma: Double
    /// Smallest and largest σ used, metres (accuracies outside are clamped).
    public var sigmaFloor: Double
    public var sigmaCap: Double
    /// Initial 1-sigma of position (m) and velocity (m/s) per axis: P₀ = diag(σp², σv², σp², σv²).
    public var initialPositionSigma: Double
    public var initialVelocitySigma: Double
    /// A time step, or a pause, longer than this (seconds) restarts the filter; `nil` never restarts on time.
    public var restartAfterGap: Double?

    /// The parameter table both stages declare.
    public static let parameters: [ParameterSpec] = [
        .number("process-noise", unit: .metresSquaredPerSecondCubed, default: nil, range: .positive,
                help: "Spectral density q of the white-noise acceleration. Omitted: by activity — running 0.1, walking 0.05, cycling 0.3, driving 1, other 0.1. Running's value is the forward filter's best on the reference run's truth (smoother within 7 % of its best there); the others are scaled from it by how hard each activity accelerates. Larger q follows turns and surges more closely and smooths less."),
        .choice("sigma-source", SigmaSource.allCases.map(\.rawValue), default: SigmaSource.accuracy.rawValue,
                help: "Where each fix's measurement σ comes from: \"accuracy\" reads its horizontal accuracy as a per-axis 1-sigma (metres), clamped to [sigma-floor, sigma-cap], falling back to sigma when a fix has none; \"fixed\" uses sigma for every fix."),
        .number("sigma", unit: .metres, default: 5, range: .positive,
                help: "Measurement σ in metres for sigma-source \"fixed\", and for fixes without an accuracy. Default 5 m: a consumer receiver's typical accuracy in the open."),
        .number("sigma-floor", unit: .metres, default: 2, range: .positive,
                help: "Smallest σ used, metres. A fix claiming 0 or 1 m would pin the track to its noise; 2 m is about the best a single-frequency phone receiver achieves."),
        .number("sigma-cap", unit: .metres, default: 1000, range: .positive,
                help: "Largest σ used, metres. Beyond about 1 km a fix barely moves the estimate anyway; the cap keeps the arithmetic far from overflow for absurd accuracies."),
        .number("initial-position-sigma", unit: .metres, default: 1000, range: .positive,
                help: "Initial 1-sigma of position per axis, metres (the reference model's 1e6 m² variance). Large: the first fix, not the prior, sets the start."),
        .number("initial-velocity-sigma", unit: .metresPerSecond, default: 10, range: .positive,
                help: "Initial 1-sigma of velocity per axis, m/s (the reference model's 100 m²/s²): anything from standing to a car in town."),
        .number("restart-after-gap", unit: .seconds, default: 60, range: .positive,
                help: "A time step, or an auto-pause, longer than this restarts the filter at the next fix (as a new segment does): after a minute without fixes the velocity carries no information worth keeping. null never restarts on time."),
    ]

    public init(parameters: StageParameters) throws {
        processNoise = try parameters.optionalNumber("process-noise")
        sigmaSource = try parameters.choice("sigma-source", as: SigmaSource.self)
        sigma = try parameters.number("sigma")
        sigmaFloor = try parameters.number("sigma-floor")
        sigmaCap = try parameters.number("sigma-cap")
        initialPositionSigma = try parameters.number("initial-position-sigma")
        initialVelocitySigma = try parameters.number("initial-velocity-sigma")
        restartAfterGap = try parameters.optionalNumber("restart-after-gap")
        guard sigmaFloor <= sigmaCap else { throw Problem.floorAboveCap(floor: sigmaFloor, cap: sigmaCap) }
    }

    /// Parameters a stage refuses even though each is in its range.
    public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
        case floorAboveCap(floor: Double, cap: Double)
        public var description: String {
            switch self {
            case .floorAboveCap(let f, let c): return "sigma-floor (\(f) m) is above sigma-cap (\(c) m)"
            }
        }
    }

    /// Default q (m²/s³) by activity. Running: measured — on the Kalman reference run (truth_2300.csv, jump
    /// fixes removed) the forward filter's RMS error is least at q ≈ 0.1 (10.07 m; 10.49 m at 0.01, 10.18 m at 1)
    /// and the smoother's is 5.39 m there against 5.04 m at q = 0.01, whose stiffness would cut real corners.
    /// The others are not measured: q scales with the square of typical accelerations, so walking half of
    /// running, cycling 3× and driving 10×.
    public static func defaultProcessNoise(for activity: Activity?) -> Double {
        switch activity {
        case .walking: return 0.05
        case .cycling: return 0.3
        case .driving: return 1.0
        case .running, .other, nil: return 0.1
        }
    }

    /// The model for `activity`.
    public func model(for activity: Activity?) -> ConstantVelocityModel {
        ConstantVelocityModel(
            spectralDensity: processNoise ?? Self.defaultProcessNoise(for: activity),
            initialPositionVariance: initialPositionSigma * initialPositionSigma,
            initialVelocityVariance: initialVelocitySigma * initialVelocitySigma)
    }
}
