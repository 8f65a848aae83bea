import TrackPipe

/// `track-smoother`: the offline smoother of the error model GPS receivers actually have — a slowly wandering
/// position error beside white noise — fusing the receiver's Doppler velocity (speed and course) where the
/// fixes carry it, with zero-velocity updates at detected stops. Moves every fix to its smoothed position and
/// sets its speed and course to the smoothed velocity, so the `distance` stage's `speed` method measures
/// ∫‖v̂‖ dt. Numerics: `GaussMarkovSmootherCore`; runs split as ``KalmanRunTracker`` splits them.
public struct TrackSmootherStage: Stage {
    public static let descriptor = StageDescriptor(
        name: "track-smoother",
        summary: "Smooth offline with a Gauss–Markov position error, Doppler velocity and zero-velocity updates.",
        discussion: """
        The reported accuracy of a fix describes an error that wanders slowly (multipath, atmosphere: \
        correlated over tens of seconds), not white noise; a smoother that treats it as white over-smooths and \
        cuts corners, and the distance comes out short. This model keeps a per-axis Gauss–Markov error state b \
        (σ error-sigma, correlation time error-tau) beside the position p and velocity v; a fix measures p + b \
        with small white noise (white-sigma, scaled by the fix's accuracy over the run's median). Where the fix \
        carries the receiver's Doppler speed and course, they measure v (velocity-sigma); a speed without a \
        course measures |v| (near standstill, where its direction is unknown, each axis as 0 ± s/√2); each speed has the receiver's speed noise taken out (debias-speeds), and its scale error when the track's straight stretches show one (calibrate-speeds); a speed above the activity's jump speed (superman-jump's limit) is corrupt and \
        ignored. Where the runner stands (the mean Doppler velocity — or, when the receiver reports \
        no course, the mean speed — over stop-window below stop-speed, or without speeds every fix within \
        stop-window seconds inside stop-radius; a lone moving second between stopped ones counts as stopped, and a stop \
        extends over the fixes beside it whose own speed is below stop-speed) \
        v = 0 is measured. A run whose fixes carry no usable speeds (fewer than half with a speed, or sampled \
        more than 2 s apart) is smoothed as without-speeds says: by default with kalman-smoother's model, its q and σ scale read from its own positions (step-noise; estimate-noise when no fix reports an accuracy). \
        Forward Kalman filter (6 states; two of 3, one per axis, when no fix has a speed without a course, the \
        one measurement that joins the axes; 8 and 4 with the velocity's own wandering error, velocity-error-sigma), then the fixed-interval smoother in its modified Bryson–Frazier \
        form, which inverts no matrix; held equal to 1e-9 m to Rauch–Tung–Striebel on GSL matrices. Output: each fix at \
        its smoothed position p (the estimate of where it was, the wandering error removed), its accuracy the \
        smoothed 1-sigma, its speed (m/s) and course (°) the smoothed velocity — pair with distance \
        method "speed" for distance as ∫|v| dt. A fix with no speed of its own next to a gap (a step over 2 s \
        after a short one) gets the smoothed track's pace over the 10 s beside the gap as its speed and its \
        direction of travel there as its course, so distance by speed measures the gap by the pace on each side \
        rather than the straight line across it, held near the path those speeds and courses describe. Runs \
        restart at segments, gaps and long pauses as for \
        kalman-smoother, whose drop rules it shares; each run's model is reported as a track-smoother-model \
        event. Offline only.
        """,
        parameters: KalmanSettings.parameters + [
            .number("error-sigma", unit: .metres, default: 3, range: .positive,
                    help: "Stationary 1-sigma of the slowly wandering position error per axis, metres. 3 m: a consumer receiver in the open."),
            .number("error-tau", unit: .seconds, default: 30, range: .positive,
                    help: "Correlation time of the position error, seconds (30–90 s is typical of multipath and atmosphere)."),
            .number("white-sigma", unit: .metres, default: 2, range: .positive,
                    help: "1-sigma of the fix-to-fix white noise per axis, metres, for a fix of the run's median accuracy; scaled by accuracy ÷ median accuracy (sigma-source accuracy) or used as is (fixed). Default 2 m, measured against 0.5 / 1 / 3 / 5 m: the Fenix 2 run −0.16 / −0.12 / −0.01 / +0.08 / +0.27 % against the watch (2 m: −0.01 %), the Whitchurch Xiaomi's cross-track RMSE 3.537 / 3.515 / 3.472 / 3.453 / 3.480 m and MotoG3's 4.383 / 4.370 / 4.356 / 4.359 / 4.409 m, the committed urban-canyon-doppler +1.02 / +0.82 / +0.63 / +0.59 / +0.56 % and the accuracy sweep's position RMSE with speeds 4–7 % lower at 2 m than at 0.5."),
            .boolean("use-velocity", default: true,
                     help: "Use the fixes' speed and course (Doppler) as velocity measurements where present."),
            .boolean("debias-speeds", default: true,
                     help: "Take the receiver's speed noise out of each measured speed, √(s² − σ²), σ² per axis estimated over ±15 s from the second differences of consecutive Doppler readings: a speed is the magnitude of a noisy velocity and reads high by about σ²/(2s), +1 % of the distance near buildings. Off → on, measured: the committed simulated runs with speeds, urban canyon +1.60 → +0.96 %, stop-and-go +0.87 → +0.55 %, open park −0.02 → −0.15 %; the accuracy sweep with speeds (seeds 1–10, no bursts) 34 → 37 of 40 runs within 0.5 %; the Fenix 2 run −0.15 → −0.16 % against the watch, the Whitchurch Xiaomi +1.10 → +0.99 %, the MotoG3 −2.99 → −3.07 % (raw −0.50 %)."),
            .boolean("calibrate-speeds", default: true,
                     help: "Multiply the Doppler speeds by the receiver's scale error when they clearly read low: over the track's straight stretches (up to 30 s and at least 100 m, the line between their ends at least 0.99 of the path through fixes 5 s apart), the lines' total over the speeds' integrals between their ends, applied when at least 20 stretches put it 1 % or more and three jackknife standard errors above 1 (reported in the track-smoother-model event and the run's summary as speed-scale; never below 1, which a stretch's bends could give). Off → on, measured against the Whitchurch route: MotoG3 −2.88 → −1.12 %, Xiaomi −4.23 → −2.22 % (cross-track RMSE 4.36 → 4.33 and 3.47 → 3.32 m); no scale on the committed simulated runs, the accuracy sweep's 320 runs with speeds (seeds 1–40) and its urban-canyon-like and stop-and-go-like families, the Fenix 2 run, the Apple Watch run and the RTK drive."),
            .boolean("check-courses", default: true,
                     help: "Measure the velocity by the fixes' courses only when they are the direction of travel: compared with the direction between the positions 2 s before and after each fix moving at 1 m/s or more (at least 4 m apart), a track whose courses are more than 90° off at 20 % or more of its fixes (at least 30 compared) has its speeds measured as speeds alone (reported in the track-smoother-model event as courses-contrary, and in the run's summary as courses-set-aside). Receivers' courses are that far off at most 10 % of the fixes (the accuracy sweep's runs with speeds, seeds 1–40, with its urban-canyon-like family and its multipath bursts; none on the RTK drive and the SiRF logger); the Apple Watch run's export at 36 %, its \"course\" not the direction of travel: with them measured, its smoothed track lay 37 m RMS (107 m at most) from its recorded positions, without them 1.0 m."),
            .boolean("estimate-noise", default: true,
                     help: "A run smoothed with the constant-velocity model whose fixes report no accuracy at all gets the q and σ under which its positions are most likely (grid 0.03–30 m²/s³ × 0.1–7 m; reported in the track-smoother-model event) instead of the activity's q and the fixed sigma, unless process-noise is set. Such recordings (bike computers, watches) have mostly filtered their positions already: on the Whitchurch ride's five, distance 1.0–2.3 points below raw with σ 5 m and 0.4–2.0 with the estimate (of which at most 0.06 the smoother's on four of them, the rest auto-pause's), cross-track RMSE above raw on four with σ 5 m and at or below raw on all five with it."),
            .boolean("step-noise", default: true,
                     help: "A run smoothed with the constant-velocity model whose fixes report an accuracy, sampled every 2 s or faster, gets q and the σ scale from its positions' own step noise — m the quadratic mean of the two axes' median |second difference|: σ = m ÷ 0.22 at the run's median accuracy (each fix scaled by its accuracy over that median), q = 10 ÷ σ² within 0.01–30 m²/s³ (reported in the track-smoother-model event) — instead of the activity's q and the accuracy as reported, unless process-noise is set. The accuracy's scale differs between receivers (iOS reports a 68 % radius) and the activity's one q cuts a city's corners. Off → on, measured on the accuracy sweep without speeds (seeds 1–20, no bursts): 65 → 74 of 80 runs within 1.5 %, city loop 5 → 14 of 20; with accuracies reported at 1.51 × (iOS) 62 → 75 of 80 (seeds 1–10, both burst variants); the committed urban-canyon +1.81 → +1.86 %, stop-and-go −0.69 → +0.35 %, heavy-warm-up −2.67 → −2.24 %; the Whitchurch phones without their speeds, cross-track RMSE MotoG3 5.05 → 4.26 m, Xiaomi 3.93 → 3.17 m (raw 4.42, 3.54)."),
            .choice("without-speeds", SpeedlessRunModel.allCases.map(\.rawValue), default: SpeedlessRunModel.constantVelocity.rawValue,
                    help: "How a run without usable Doppler speeds (fewer than half of its fixes with a speed, or a median step over 2 s) is smoothed: constant-velocity (default: kalman-smoother's model, with step-noise and estimate-noise; measured better without speeds) or gauss-markov (this model from positions alone)."),
            .number("velocity-process-noise", unit: .metresSquaredPerSecondCubed, default: 1, range: .positive,
                    help: "q for a run whose fixes mostly carry Doppler speeds (process-noise, by activity, for the others): the velocity measurements pin the motion, so the model may turn as fast as the runner. Measured on a simulated block with 5-m-radius corners: distance −0.72 % at q 0.1, −0.17 % at 0.3, +0.07 % at 1."),
            .number("velocity-sigma", unit: .metresPerSecond, default: 0.2, range: .positive,
                    help: "1-sigma of a Doppler velocity component or speed, m/s (receivers: 0.1–0.3)."),
            .number("velocity-error-sigma", unit: .metresPerSecond, default: 0, range: .nonNegative,
                    help: "Stationary 1-sigma of the Doppler velocity's slowly wandering error per axis, m/s; 0 (default): none, the velocity error white. Above 0 each axis's state gains that error (first-order Gauss–Markov over velocity-error-tau), which a velocity with its course measures beside v, so the positions can correct speeds that read high or low for tens of seconds (a speed without a course measures |v| alone). Measured on the accuracy sweep with speeds (seeds 1–40, simulated with 0.05 m/s over 20 s, × 2.5 near buildings): at 0.05 m/s, 148 → 152 of 160 runs within 0.5 % without bursts, its urban-canyon-like family 29 → 28 of 40 (with bursts 26 → 26), its stop-and-go-like 138 → 141 of 160 (0.1 m/s: 153, 24, 138; 0.05 over 60 s: 152, 26, 141) — within the sweep's spread, for a third more smoothing time (1.1 → 1.5 ms on the committed open-park-doppler run), so off by default."),
            .number("velocity-error-tau", unit: .seconds, default: 20, range: .positive,
                    help: "Correlation time of the Doppler velocity's wandering error, seconds."),
            .boolean("stops", default: true, help: "Detect stops and measure zero velocity there."),
            .number("stop-speed", unit: .metresPerSecond, default: 0.45, range: .positive,
                    help: "A stop: the magnitude of the mean Doppler velocity over stop-window (the mean speed when the receiver reports no course) is below this, m/s."),
            .number("stop-window", unit: .seconds, default: 5, range: .positive,
                    help: "Seconds around a fix that decide a stop (the speed mean's span; without speeds, the fixes before and after that must all lie within stop-radius)."),
            .number("stop-radius", unit: .metres, default: 10, range: .positive,
                    help: "Without speeds: a stop when every fix within stop-window seconds before and after lies within this many metres."),
            .number("stop-velocity-sigma", unit: .metresPerSecond, default: 0.05, range: .positive,
                    help: "1-sigma of the zero-velocity pseudo-measurement at a stop, m/s."),
        ],
        guarantees: [.preservesOrder])

    public let settings: KalmanSettings
    public var errorSigma: Double
    public var errorTau: Double
    public var whiteSigma: Double
    public var useVelocity: Bool
    public var debiasSpeeds: Bool
    public var calibrateSpeeds: Bool
    public var checkCourses: Bool
    public var withoutSpeeds: SpeedlessRunModel
    public var estimateNoise: Bool
    public var stepNoise: Bool
    public var velocityProcessNoise: Double
    public var velocitySigma: Double
    public var velocityErrorSigma: Double
    public var velocityErrorTau: Double
    public var stops: Bool
    public var stopSpeed: Double
    public var stopWindow: Double
    public var stopRadius: Double
    public var stopVelocitySigma: Double

    public init(parameters: StageParameters) throws {
        settings = try KalmanSettings(parameters: parameters)
        errorSigma = try parameters.number("error-sigma")
        errorTau = try parameters.number("error-tau")
        whiteSigma = try parameters.number("white-sigma")
        useVelocity = try parameters.bool("use-velocity")
        debiasSpeeds = try parameters.bool("debias-speeds")
        calibrateSpeeds = try parameters.bool("calibrate-speeds")
        checkCourses = try parameters.bool("check-courses")
        withoutSpeeds = try parameters.choice("without-speeds")
        estimateNoise = try parameters.bool("estimate-noise")
        stepNoise = try parameters.bool("step-noise")
        velocityProcessNoise = try parameters.number("velocity-process-noise")
        velocitySigma = try parameters.number("velocity-sigma")
        velocityErrorSigma = try parameters.number("velocity-error-sigma")
        velocityErrorTau = try parameters.number("velocity-error-tau")
        stops = try parameters.bool("stops")
        stopSpeed = try parameters.number("stop-speed")
        stopWindow = try parameters.number("stop-window")
        stopRadius = try parameters.number("stop-radius")
        stopVelocitySigma = try parameters.number("stop-velocity-sigma")
    }

    public func run(_ input: StageInput) throws -> StageOutput {
        let fixes = input.track.fixes
        let label = input.context.label
        let stageLabel = StageLabel(label)
        var tracker = KalmanRunTracker(settings: settings)
        var dropped: [Drop] = []
        var events: [StageEvent] = []
        var droppedIndices = Set<Int>()
        // Runs of fix indices (admitted fixes only).
        var runs: [[Int]] = []
        var variances = [Double](repeating: 0, count: fixes.count)
        for (i, fix) in fixes.enumerated() {
            switch tracker.admit(fix) {
            case .drop(let rule, let measured, let threshold, let unit, let detail):
                dropped.append(Drop(fix: fix, stage: label, rule: rule, measured: measured, threshold: threshold, unit: unit, detail: detail))
                droppedIndices.insert(i)
            case .passThrough:
                continue
            case .startRun(let reason, let gap, let v):
                if let reason {
                    var fields: [String: JSONValue] = ["reason": .string(reason)]
                    if let gap { fields["gap"] = .number(gap) }
                    events.append(StageEvent(stage: label, kind: "kalman-restart", time: fix.time, sourceIndex: fix.sourceIndex, fields: fields))
                }
                runs.append([i])
                variances[i] = v
            case .continueRun(_, let v):
                runs[runs.count - 1].append(i)
                variances[i] = v
            }
        }
        let q = settings.processNoise ?? KalmanSettings.defaultProcessNoise(for: input.context.activity ?? input.track.activity)
        var model = GaussMarkovSmootherCore.Model(
            processNoise: q, errorSigma: errorSigma, errorTau: errorTau, velocityVariance: velocitySigma * velocitySigma,
            velocityErrorSigma: velocityErrorSigma, velocityErrorTau: velocityErrorTau,
            stopVariance: stopVelocitySigma * stopVelocitySigma,
            initialPositionVariance: settings.initialPositionSigma * settings.initialPositionSigma,
            initialVelocityVariance: settings.initialVelocitySigma * settings.initialVelocitySigma)

        var kept = fixes
        var changed: [FixChange] = []
        changed.reserveCapacity(fixes.count)
        // Where fix i's change record is in `changed` (−1: none), for the gap-edge speeds set after every run.
        var changeIndex = [Int](repeating: -1, count: fixes.count)
        let activity = input.context.activity ?? input.track.activity
        let maxSpeed = JumpSpeedLimit.maxSpeed(for: activity)
        // The receiver's speed scale, a property of the receiver: measured over the whole track (its runs are often
        // too short to measure it alone) when the first run smoothed with its speeds needs it, and applied to every
        // such run.
        var measuredScale: DopplerSpeedScale??
        func trackSpeedScale() -> DopplerSpeedScale? {
            if let measuredScale { return measuredScale }
            let scale = calibrateSpeeds ? DopplerSpeedScale.estimate(fixes, maximumSpeed: maxSpeed) : nil
            measuredScale = .some(scale)
            return scale
        }
        // Whether the receiver's courses are its direction of travel, likewise measured once over the whole track.
        var measuredCourses: DopplerCourseCheck?
        func trackCourses() -> DopplerCourseCheck? {
            guard checkCourses else { return nil }
            if let measuredCourses { return measuredCourses }
            let check = DopplerCourseCheck.measure(fixes)
            measuredCourses = check
            return check
        }
        for run in runs {
            let frame = try LocalProjection(reference: fixes[run[0]].point)
            // A run of every fix (the usual case: runs hold increasing indices) is the track itself, not a copy.
            let runFixes = run.count == fixes.count ? fixes : run.map { fixes[$0] }
            let first = fixes[run[0]]
            /// Reports that this run could not be smoothed (its fixes are left unchanged).
            func runFailed(_ reason: String) {
                events.append(StageEvent(stage: label, kind: "kalman-run-failed", time: first.time, sourceIndex: first.sourceIndex,
                                         fields: ["reason": .string(reason), "fixes": .number(Double(run.count))]))
            }
            /// Moves fix `i` to the smoothed position `p` with the smoothed accuracy √variance, and its speed and
            /// course to `velocity` (east, north; m/s) when given; records the change.
            func move(_ i: Int, to p: GeoPoint, variance: Double, velocity: (east: Double, north: Double)?) {
                let original = FixSnapshot(kept[i])
                kept[i].latitude = p.latitude
                kept[i].longitude = p.longitude
                kept[i].horizontalAccuracy = variance.squareRoot()
                kept[i].horizontalAccuracyIsEstimated = false
                if let v = velocity { Self.setVelocity(&kept[i], east: v.east, north: v.north) }
                changeIndex[i] = changed.count
                changed.append(FixChange(original: original, updated: FixSnapshot(kept[i]), stageLabel: stageLabel))
            }
            let withSpeeds = useVelocity && Self.hasUsableSpeeds(runFixes)
            let modelName = withSpeeds ? "gauss-markov-doppler" : withoutSpeeds == .constantVelocity ? "constant-velocity" : "gauss-markov"
            var modelFields: [String: JSONValue] = ["model": .string(modelName), "fixes": .number(Double(run.count))]
            /// Reports which model smoothed this run (with the fitted noise, when it was fitted).
            func reportModel() {
                events.append(StageEvent(stage: label, kind: "track-smoother-model", time: first.time, sourceIndex: first.sourceIndex,
                                         fields: modelFields))
            }
            if !withSpeeds, withoutSpeeds == .constantVelocity {
                // kalman-smoother's smoothing of this run: the same model, frame and solver, with q and σ from the
                // run's own positions — most likely (no accuracy at all: estimate-noise) or by their step noise
                // (step-noise) — unless process-noise is set or both are off.
                var cvModel = settings.model(for: activity)
                let points = run.map { i -> (time: Double, east: Double, north: Double) in
                    let (e, n) = frame.project(fixes[i].point)
                    return (fixes[i].time ?? 0, e, n)
                }
                var runVariances = run.map { variances[$0] }
                let reportsAccuracy = runFixes.contains { $0.horizontalAccuracy != nil }
                if estimateNoise, settings.processNoise == nil, !reportsAccuracy,
                   let fit = ConstantVelocityNoiseFit.maximumLikelihood(points, model: cvModel) {
                    cvModel.spectralDensity = fit.processNoise
                    runVariances = Array(repeating: fit.sigma * fit.sigma, count: run.count)
                    modelFields["process-noise"] = .number(fit.processNoise)
                    modelFields["sigma"] = .number(fit.sigma)
                    modelFields["noise"] = .string("likelihood")
                } else if stepNoise, settings.processNoise == nil, reportsAccuracy,
                          let noise = PositionStepNoise.estimate(points) {
                    // q and the σ scale from the positions' own step noise; each fix keeps its weight relative to
                    // the others (its accuracy over the run's median), so a burst the accuracy admits still counts less.
                    cvModel.spectralDensity = noise.processNoise
                    runVariances = noise.variances(scaling: runVariances)
                    modelFields["process-noise"] = .number(noise.processNoise)
                    modelFields["sigma"] = .number(noise.sigma)
                    modelFields["noise"] = .string("steps")
                }
                reportModel()
                var core = KalmanCore(model: cvModel, capacity: run.count)
                for (k, p) in points.enumerated() {
                    core.setMeasurement(k, time: p.time, east: p.east, north: p.north, variance: runVariances[k])
                }
                do {
                    try core.smooth(count: run.count)
                } catch {
                    runFailed(String(describing: error))
                    continue
                }
                for (k, i) in run.enumerated() {
                    let e = core.smoothed(k)
                    move(i, to: frame.unproject(east: e.east, north: e.north), variance: e.positionVariance, velocity: nil)
                }
                continue
            }
            let speedScale = withSpeeds ? trackSpeedScale() : nil
            if let speedScale {
                modelFields["speed-scale"] = .number(speedScale.scale)
                modelFields["speed-scale-stretches"] = .number(Double(speedScale.stretches))
            }
            let courses = withSpeeds ? trackCourses() : nil
            let coursesContrary = courses?.coursesAreContrary ?? false
            if let courses, coursesContrary {
                modelFields["courses-contrary"] = .number(courses.fraction)
                modelFields["courses-compared"] = .number(Double(courses.compared))
            }
            reportModel()
            let measurements = self.measurements(runFixes, variances: run.map { variances[$0] }, frame: frame, withSpeeds: withSpeeds,
                                                 maxSpeed: maxSpeed, speedScale: speedScale?.scale ?? 1,
                                                 ignoringCourses: coursesContrary)
            model.processNoise = withSpeeds ? velocityProcessNoise : q
            let estimates = GaussMarkovAdjointSmoother.smooth(measurements, model: model)
            // Finite, and every smoothed position a valid coordinate (a huge but finite estimate unprojects past a pole).
            let positions = estimates.map { frame.unproject(east: $0.east, north: $0.north) }
            guard zip(estimates, positions).allSatisfy({ e, p in
                e.east.isFinite && e.north.isFinite && e.velocityEast.isFinite && e.velocityNorth.isFinite
                    && p.latitude.isFinite && p.longitude.isFinite && abs(p.latitude) <= 90 && abs(p.longitude) <= 180
            }) else {
                runFailed("the estimate is not finite")
                continue
            }
            // The velocity leaves the frame for the ground (the receiver's and the distance formula's metres).
            let ground = frame.groundScale
            for (k, i) in run.enumerated() {
                let e = estimates[k]
                move(i, to: positions[k], variance: e.positionVariance,
                     velocity: (e.velocityEast * ground.east, e.velocityNorth * ground.north))
            }
        }
        if !droppedIndices.isEmpty {
            kept = kept.enumerated().filter { !droppedIndices.contains($0.offset) }.map(\.element)
        }
        // A gap in a run without speeds: its edge fixes get the smoothed track's pace and course beside it
        // (GapEdgePace).
        let edges = GapEdgePace.edges(kept)
        if !edges.isEmpty {
            // Each kept fix's index in `fixes` (for its change record), when some were dropped.
            let original = droppedIndices.isEmpty ? nil : fixes.indices.filter { !droppedIndices.contains($0) }
            for edge in edges {
                let k = edge.index
                let change = changeIndex[original?[k] ?? k]
                // Only smoothed fixes (one left as it was — a failed run, near a pole — keeps its fields).
                guard change >= 0 else { continue }
                kept[k].speed = edge.speed
                if let course = edge.course { kept[k].course = course }
                changed[change].updated = FixSnapshot(kept[k])
            }
        }
        return StageOutput(kept: kept, dropped: dropped, changed: changed,
                           summary: Self.summary(scale: measuredScale ?? nil, courses: measuredCourses, stage: label), events: events)
    }

    /// What a reader of the run's summary should know about the speeds it was smoothed with: that they were scaled
    /// (`speed-scale`, the factor) and that the courses were set aside (`courses-set-aside`, how many were contrary),
    /// each with its reason in words; empty when neither happened.
    static func summary(scale: DopplerSpeedScale?, courses: DopplerCourseCheck?, stage: String) -> [SummaryItem] {
        var items: [SummaryItem] = []
        if let scale {
            items.append(SummaryItem(key: "speed-scale", label: "Speeds scaled", value: (scale.scale * 1000).rounded() / 1000,
                                     unit: .none, stage: stage,
                                     text: "× the receiver's speeds, which read low against \(scale.stretches) straight stretches of its own track"))
        }
        if let courses, courses.coursesAreContrary {
            let percent = Int((courses.fraction * 100).rounded())
            items.append(SummaryItem(key: "courses-set-aside", label: "Courses set aside", value: Double(courses.contrary),
                                     unit: .count, stage: stage,
                                     text: "of \(courses.compared) courses more than 90° from the direction of travel (\(percent) %): the speeds measured alone"))
        }
        return items
    }

    /// Sets `fix`'s speed (m/s) and course (degrees clockwise from north; none at zero speed) to the velocity
    /// (east, north; m/s).
    static func setVelocity(_ fix: inout Fix, east: Double, north: Double) {
        let v = GroundVelocity(east: east, north: north)
        fix.speed = v.speed
        fix.course = v.course
    }

    /// True when `fixes` carry Doppler speeds worth measuring the velocity with: at least half of them a finite,
    /// non-negative speed, and the median time step at most `StepMeasure.maximumSpeedStep` (a speed is an
    /// instant's; a logger sampling every 10 s says little about the velocity between its fixes).
    public static func hasUsableSpeeds(_ fixes: [Fix]) -> Bool {
        var withSpeed = 0
        for f in fixes where f.speed.map({ $0.isFinite && $0 >= 0 }) ?? false { withSpeed += 1 }
        guard withSpeed * 2 >= fixes.count else { return false }
        let times = fixes.compactMap(\.time)
        var steps: [Double] = []
        steps.reserveCapacity(times.count)
        for (a, b) in zip(times, times.dropFirst()) where b > a { steps.append(b - a) }
        guard !steps.isEmpty else { return true }
        let median = SampleStatistics.upperMedian(&steps)
        return median <= StepMeasure.maximumSpeedStep
    }

    /// The run's measurements in `frame`: positions with their white-noise variance, velocities, stops;
    /// `withSpeeds` when the run's speeds are usable (``hasUsableSpeeds(_:)``, decided once by the caller): stops
    /// are then found from them, else from positions.
    /// A speed above `maxSpeed` (m/s: the activity's jump speed, `superman-jump`'s limit) is not measured: a
    /// receiver's speed is never that wrong by noise, so it is corrupt, and one such value would throw the
    /// whole run off.
    /// `speedScale` multiplies every speed (``DopplerSpeedScale``); `ignoringCourses` measures the speeds without
    /// their courses (``DopplerCourseCheck``).
    func measurements(_ fixes: [Fix], variances: [Double], frame: LocalProjection, withSpeeds haveSpeeds: Bool,
                      maxSpeed: Double = .infinity, speedScale: Double = 1,
                      ignoringCourses: Bool = false) -> [GaussMarkovSmootherCore.Measurement] {
        // White noise: white-sigma scaled by σ_fix ÷ the run's median σ_fix.
        let sigmas = variances.map { $0.squareRoot() }
        var ordered = sigmas
        let median = SampleStatistics.upperMedian(&ordered)
        let scale = settings.sigmaSource == .accuracy && median > 0 ? 1 / median : 0
        let times = fixes.map { $0.time ?? 0 }
        // Each fix's usable speed and velocity, worked out once: the stop test below adds every fix to the means of
        // the ~10 fixes around it.
        var readings = fixes.map { DopplerMean.Reading($0, maximumSpeed: maxSpeed) }
        if speedScale != 1 {
            for k in readings.indices { readings[k]?.scale(by: speedScale) }
        }
        if ignoringCourses {
            for k in readings.indices { readings[k]?.velocity = nil }
        }
        // The receiver reports courses: at least half of the fixes moving at 1 m/s or more carry one (any fix,
        // when none moves that fast: receivers drop the course near standstill).
        var moving = 0, movingWithCourse = 0, anyCourse = false
        for (fix, reading) in zip(fixes, readings) {
            let hasCourse = !ignoringCourses && (fix.course.map(\.isFinite) ?? false)
            anyCourse = anyCourse || hasCourse
            if let r = reading, r.speed >= 1 {
                moving += 1
                if hasCourse { movingWithCourse += 1 }
            }
        }
        let reportsCourse = moving == 0 ? anyCourse : movingWithCourse * 2 >= moving
        let points = fixes.map { frame.project($0.point) }
        // Doppler velocities are on the ground; the frame's metres are a sphere's (LocalProjection.groundScale).
        // A speed of unknown direction enters by the mean of the two scales (they differ by at most 0.6 %).
        let ground = frame.groundScale
        let speedScale = 2 / (ground.east + ground.north)
        // The receiver's speed noise around each fix, to take its overcount out of the speeds (DopplerSpeedNoise).
        let noise = debiasSpeeds && haveSpeeds ? DopplerSpeedNoise.variances(times: times, readings: readings) : []
        var out: [GaussMarkovSmootherCore.Measurement] = []
        out.reserveCapacity(fixes.count)
        var lo = 0, hi = 0
        for k in fixes.indices {
            let sigma = scale > 0 ? whiteSigma * sigmas[k] * scale : whiteSigma
            var m = GaussMarkovSmootherCore.Measurement(time: times[k], east: points[k].east, north: points[k].north,
                                                        positionVariance: sigma * sigma, velocity: nil, speed: nil, stopped: false)
            if useVelocity, let raw = readings[k] {
                let r = noise.isEmpty ? raw : DopplerSpeedNoise.debiased(raw, variance: noise[k])
                if let v = r.velocity {
                    m.velocity = (v.east / ground.east, v.north / ground.north)
                } else {
                    m.speed = r.speed * speedScale
                }
            }
            if stops {
                while lo < k, times[k] - times[lo] > stopWindow { lo += 1 }
                while hi + 1 < fixes.count, times[hi + 1] - times[k] <= stopWindow { hi += 1 }
                if hi < k { hi = k }
                if haveSpeeds {
                    // Over the half-window each side: the mean velocity's magnitude when the receiver reports
                    // courses (noise about a standstill averages out, motion does not; a speed without a course
                    // counts as standing still, as receivers drop the course near standstill), else the mean speed.
                    var mean = DopplerMean()
                    for j in lo...hi where abs(times[j] - times[k]) <= stopWindow / 2 {
                        if let r = readings[j] { mean.add(r) }
                    }
                    m.stopped = mean.count > 0 && (reportsCourse ? mean.velocity : mean.speed) < stopSpeed
                } else if times[k] - times[lo] >= stopWindow * 0.8, times[hi] - times[k] >= stopWindow * 0.8 {
                    var inside = true
                    for j in lo...hi {
                        let de = points[j].east - points[k].east, dn = points[j].north - points[k].north
                        if de * de + dn * dn > stopRadius * stopRadius { inside = false; break }
                    }
                    m.stopped = inside
                }
            }
            out.append(m)
        }
        if stops { Self.closeStops(&out, within: stopWindow / 2) }
        if stops, haveSpeeds {
            Self.extendStops(&out, speeds: readings.map { $0?.speed }, below: stopSpeed)
        }
        return out
    }

    /// Extends every detected stop over the fixes just before and after it whose own Doppler speed is below
    /// `speed` (m/s), each within ``StepMeasure/maximumSpeedStep`` of the next: the window's mean, still holding
    /// the running seconds, finds a runner who stops short a second or two late at each end, where the receiver
    /// already reads them standing — and the smoother, free there, spread the stop over those seconds (1.14 m/s
    /// smoothed where the receiver read 0.21). The simulated urban canyon with speeds (20 seeds, no signal gaps, no
    /// correlated speed error): steps touching a stop +0.22 → +0.13 % of the distance, 14 → 19 of 20 runs
    /// within 0.5 %.
    static func extendStops(_ measurements: inout [GaussMarkovSmootherCore.Measurement], speeds: [Double?], below speed: Double) {
        let n = measurements.count
        guard n > 1 else { return }
        let stopped = measurements.map(\.stopped)
        func slow(_ k: Int) -> Bool { speeds[k].map { $0 < speed } ?? false }
        for k in 0..<n where stopped[k] {
            // Backwards from a stop's first fix.
            if k == 0 || !stopped[k - 1] {
                var j = k - 1
                while j >= 0, !stopped[j], slow(j), measurements[j + 1].time - measurements[j].time <= StepMeasure.maximumSpeedStep {
                    measurements[j].stopped = true
                    j -= 1
                }
            }
            // Forwards from a stop's last fix.
            if k == n - 1 || !stopped[k + 1] {
                var j = k + 1
                while j < n, !stopped[j], slow(j), measurements[j].time - measurements[j - 1].time <= StepMeasure.maximumSpeedStep {
                    measurements[j].stopped = true
                    j += 1
                }
            }
        }
    }

    /// Marks as stopped every fix with a stopped fix at most `span` seconds before it and another at most `span`
    /// seconds after it: one noisy second inside a stop (a Doppler speed that happens to be high) must not
    /// release the velocity for that second.
    static func closeStops(_ measurements: inout [GaussMarkovSmootherCore.Measurement], within span: Double) {
        var lastStopped = -Double.infinity
        var stoppedBefore = [Bool](repeating: false, count: measurements.count)
        for k in measurements.indices {
            if measurements[k].stopped { lastStopped = measurements[k].time }
            stoppedBefore[k] = measurements[k].time - lastStopped <= span
        }
        var nextStopped = Double.infinity
        for k in measurements.indices.reversed() {
            if measurements[k].stopped { nextStopped = measurements[k].time; continue }
            if stoppedBefore[k], nextStopped - measurements[k].time <= span { measurements[k].stopped = true }
        }
    }
}
