import TrackPipe

/// `accuracy-gate`: drops fixes whose reported accuracy says they are not worth keeping. Causal, no
/// look-ahead: every fix is decided the moment it arrives.
///
/// Rules, checked in this order (the first that fires names the drop):
/// 1. `no-fix` — the receiver said it had no fix (NMEA GGA quality 0, GPX `<fix>none</fix>`): the position is
///    not a measurement. On by default (`drop-no-fix`).
/// 2. `invalid-horizontal-accuracy` — horizontal accuracy negative (or not finite): the source marked the fix
///    invalid (iOS reports −1). Always on.
/// 3. `invalid-vertical-accuracy` — vertical accuracy negative: no GPS altitude, the signature of a cell-tower or
///    Wi-Fi fix. Runkeeper rejected these. On by default (`drop-invalid-vertical-accuracy`); only fires when the
///    source gives a vertical accuracy at all.
/// 4. `unknown-horizontal-accuracy` — no accuracy and no HDOP to estimate it from. Off by default
///    (`drop-unknown-accuracy`): many GPX files carry no accuracy, and dropping every fix of them is never wanted
///    by accident.
/// 5. `max-hdop` — for fixes whose accuracy is only estimated from HDOP (or absent, with HDOP present) and when
///    `max-hdop` is set: HDOP above it. Without `max-hdop`, such fixes get the estimate `hdop × 5 m`
///    (`Fix/hdopAccuracyFactor`) and go through rule 6.
/// 6. `max-horizontal-accuracy` — accuracy above `max-horizontal-accuracy` (default 20 m, as the MoonRunner
///    tutorial app uses). A fix exactly at the threshold is kept.
///    With `warm-up-max-horizontal-accuracy` set, a fix that carries a speed, where the receiver's speeds of the
///    last ``warmUpSpeedWindow`` seconds average at least ``warmUpMovingSpeed``, and whose accuracy is at most that
///    allowance is kept instead, until the first fix passes this rule (the receiver's warm-up); a
///    `warm-up-allowance` event says how many were kept.
/// 7. `warm-up` — with `warm-up-settle-fixes` N > 0: until N consecutive fixes have passed rules 1–6, the fixes
///    that passed are dropped too (the receiver has not settled yet); the N-th passing fix ends the warm-up and is
///    kept. Off by default: on the reference track the threshold alone already removes every warm-up fix.
///
/// **A hint for accuracies in `<hdop>`.** OsmAnd writes its accuracy in metres into GPX `<hdop>`; read as HDOP it is
/// taken for five times that, and rule 6 drops good fixes (the Whitchurch Xiaomi phone: 1630 of its 4062, 40 %, its
/// distance −2.22 % with the default pipeline, −1.17 % with the `osmand-hdop` preset). When `max-hdop` is not set
/// and rule 6 drops at least ``hdopHintShare`` of at least ``hdopHintFixes`` fixes judged on HDOP alone, the stage
/// adds an `hdop-drops` summary saying so and naming the preset. The receivers with genuine HDOPs at hand lose far
/// fewer: the GPSBabel loggers 0.2 % (M-241) and 2.0 % (SBN v13); the MotoG3 phone, also OsmAnd, 7.7 %.
///
/// Measured on the Kalman reference run (Tests/Data/reference/kalman/input_2300.csv) against truth_2300.csv (20 warm-up rows with 30–148 m
/// accuracy, 4 rows with accuracy −1): defaults drop 24 rows, precision 1.00, recall 1.00 for warm-up + invalid
/// (recomputed by `AccuracyGateStageTests.referenceRunPrecisionAndRecall`). Thresholds from 15 m to 30 m give the same result
/// on that track (its clean fixes have at most 15 m, its warm-up fixes at least 30.7 m); 20 m is kept as the
/// documented MoonRunner value inside that band.
public struct AccuracyGateStage: StreamingStage {
    public static let descriptor = StageDescriptor(
        name: "accuracy-gate",
        summary: "Drop fixes with invalid, unknown (optional) or poor horizontal accuracy, cell/Wi-Fi fixes and warm-up fixes.",
        discussion: """
            Rules in order: no-fix (receiver reported no fix), invalid-horizontal-accuracy (negative), \
            invalid-vertical-accuracy (negative vertical accuracy = cell-tower or Wi-Fi fix, which Runkeeper \
            rejected), unknown-horizontal-accuracy (only with drop-unknown-accuracy), max-hdop (HDOP-only sources, \
            when max-hdop is set; otherwise they are judged on the estimate hdop × 5 m), max-horizontal-accuracy \
            (above the threshold; exactly at it is kept — or, with warm-up-max-horizontal-accuracy, kept up to that \
            allowance until a fix first passes, when its speed says it moves), warm-up (optional: drop until N \
            consecutive fixes pass). \
            Causal, no look-ahead. Every drop carries the rule, the measured value and the threshold. \
            Without max-hdop, when a fifth or more of at least 50 fixes judged on HDOP alone are dropped, an \
            hdop-drops summary says so and names the osmand-hdop preset (OsmAnd writes its accuracy in metres into \
            <hdop>: 40 % of the Whitchurch Xiaomi's fixes; genuine HDOPs at hand lose 0.2–2 %). \
            Measured on the reference run (the Kalman reference run): precision 1.00, recall 1.00 on its 20 \
            warm-up and 4 invalid rows with the defaults.
            """,
        parameters: [
            .number(
                "max-horizontal-accuracy", unit: .metres, default: 20, range: .positive,
                help: "Largest horizontal accuracy radius kept, metres (a fix exactly at it is kept). Default 20 m, "
                    + "the MoonRunner app's value; on the reference run any value from 15 to 30 m separates warm-up "
                    + "(≥ 30.7 m) from good fixes (≤ 15 m)."),
            .boolean(
                "drop-unknown-accuracy", default: false,
                help: "Drop fixes with neither an accuracy nor an HDOP. Default false: many GPX files carry no "
                    + "accuracy at all and would lose every fix."),
            .boolean(
                "drop-invalid-vertical-accuracy", default: true,
                help: "Drop fixes with a negative vertical accuracy (no GPS altitude: a cell-tower or Wi-Fi fix, "
                    + "typically hundreds of metres off). Default true, as Runkeeper did; fires only when the source "
                    + "reports vertical accuracy."),
            .number(
                "max-hdop", unit: .none, default: nil, range: .positive,
                help: "For fixes whose accuracy is only HDOP-based: largest HDOP kept (dimensionless). Default off: "
                    + "such fixes are judged on the estimate HDOP × 5 m against max-horizontal-accuracy (HDOP 4 "
                    + "at the 20 m default)."),
            .boolean(
                "drop-no-fix", default: true,
                help: "Drop fixes whose receiver reported no fix (NMEA quality 0, GPX fix=none). Default true: the "
                    + "position is not a measurement."),
            .number(
                "warm-up-max-horizontal-accuracy", unit: .metres, default: nil, range: .positive,
                help: "Warm-up allowance: until a fix first passes max-horizontal-accuracy, a fix that carries "
                    + "the receiver's (Doppler) speed, where the speeds of the last 5 s average 1 m/s or more (moving: "
                    + "a standing runner's warm-up holds no distance), and whose accuracy is at most this is kept "
                    + "rather than dropped, "
                    + "so that track-smoother measures the runner's motion through the receiver's warm-up by the "
                    + "speeds and weighs the positions by their accuracy. Fixes without a speed are dropped as "
                    + "before: positions alone cannot tell a wandering warm-up error from running. Off by default "
                    + "(the runkeeper preset has no smoother); the default pipeline sets 300 m. At least "
                    + "max-horizontal-accuracy."),
            .integer(
                "warm-up-settle-fixes", unit: .count, default: 0, range: .closed(0, 1000),
                help: "Warm-up: drop fixes until this many consecutive fixes have passed the other rules (the last "
                    + "of them is the first kept). Default 0 = off: on the reference run the accuracy threshold "
                    + "alone removes all 20 warm-up fixes."),
        ],
        guarantees: [.preservesOrder, .preservesPositions]
    )

    public var maxHorizontalAccuracy: Double
    public var dropUnknownAccuracy: Bool
    public var dropInvalidVerticalAccuracy: Bool
    public var maxHDOP: Double?
    public var dropNoFix: Bool
    public var warmUpSettleFixes: Int
    /// Warm-up allowance, metres: before the first fix within `maxHorizontalAccuracy`, fixes whose receiver speeds
    /// say they move (``warmUpMovingSpeed``) are kept up to this accuracy. `nil` = off; the default pipeline sets 300
    /// (of 100, 300 and 1000 m tried on simulated heavy warm-ups with speeds, the smallest that reached the
    /// largest share within 0.5 %: the Kalman article).
    public var warmUpMaxHorizontalAccuracy: Double?

    public init(parameters: StageParameters) throws {
        maxHorizontalAccuracy = try parameters.number("max-horizontal-accuracy")
        dropUnknownAccuracy = try parameters.bool("drop-unknown-accuracy")
        dropInvalidVerticalAccuracy = try parameters.bool("drop-invalid-vertical-accuracy")
        maxHDOP = try parameters.optionalNumber("max-hdop")
        dropNoFix = try parameters.bool("drop-no-fix")
        warmUpSettleFixes = try parameters.integer("warm-up-settle-fixes")
        warmUpMaxHorizontalAccuracy = try parameters.optionalNumber("warm-up-max-horizontal-accuracy")
        if let allowance = warmUpMaxHorizontalAccuracy {
            guard allowance >= maxHorizontalAccuracy else {
                throw Problem.allowanceBelowThreshold(allowance: allowance, threshold: maxHorizontalAccuracy)
            }
            guard warmUpSettleFixes == 0 else { throw Problem.allowanceWithSettleFixes }
        }
    }

    /// The slowest mean receiver speed, m/s, over ``warmUpSpeedWindow`` at which the warm-up allowance keeps a
    /// fix: 1.0, the pace `auto-pause` counts as stopped with its defaults (2 × 15 m ÷ 30 s). A standing runner's
    /// warm-up fixes carry nothing the run needs — no distance, positions up to the allowance off, and seconds
    /// auto-pause cannot see as standing through that error (a 90-s standing warm-up kept whole counted 91 s more
    /// moving time) — so they are dropped as without the allowance. A mean, not one speed: a standing receiver
    /// reads 1 m/s now and then (near the simulator's buildings, 0.3 m/s of noise per axis: one fix in 150), and
    /// each such fix kept alone, up to the allowance off, pulled the smoothed track (20 simulated standing warm-ups:
    /// +0.4 to +0.5 % against dropping them).
    public static let warmUpMovingSpeed = 1.0
    /// Seconds of receiver speeds, up to and including the fix, whose mean says whether a warm-up fix moves: 5,
    /// as `track-smoother`'s `stop-window`.
    public static let warmUpSpeedWindow = 5.0
    /// The fewest speeds in ``warmUpSpeedWindow`` that decide it: 3. One or two are noise: a single warm-up fix
    /// kept on its own speed of 1 m/s, 100 m off while the runner stood, added 3.4 % to a simulated run.
    public static let warmUpSpeedReadings = 3

    /// Rule 6's name on its drops, which the warm-up allowance overrules.
    static let accuracyRule = "max-horizontal-accuracy"
    /// The share of the fixes judged on HDOP alone that rule 6 must drop for the `hdop-drops` summary: a fifth (see
    /// the type's text: 40 % on an OsmAnd file, at most 7.7 % on the others at hand).
    public static let hdopHintShare = 0.2
    /// The fewest fixes judged on HDOP alone for the `hdop-drops` summary: 50 (a short file says little).
    public static let hdopHintFixes = 50

    /// Parameters the stage refuses even though each is in its range.
    public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
        case allowanceBelowThreshold(allowance: Double, threshold: Double)
        case allowanceWithSettleFixes
        public var description: String {
            switch self {
            case .allowanceBelowThreshold(let allowance, let threshold):
                return "warm-up-max-horizontal-accuracy (\(allowance) m) is below max-horizontal-accuracy (\(threshold) m)"
            case .allowanceWithSettleFixes:
                return "warm-up-max-horizontal-accuracy keeps warm-up fixes and warm-up-settle-fixes drops them: set one"
            }
        }
    }

    public func makeProcessor(context: StageContext) throws -> any FixProcessor {
        Processor(stage: self, maximumSpeed: JumpSpeedLimit.maxSpeed(for: context.activity))
    }

    /// The first rule that rejects `fix`, ignoring warm-up; `nil` when it passes.
    func verdict(for fix: Fix) -> AccuracyVerdict? {
        if dropNoFix, fix.fixQuality == FixQuality.none {
            return AccuracyVerdict(rule: "no-fix", measured: nil, threshold: nil, unit: .none,
                                   detail: "the receiver reported no position fix")
        }
        if let h = fix.horizontalAccuracy, !(h >= 0) || !h.isFinite {
            return AccuracyVerdict(rule: "invalid-horizontal-accuracy", measured: h.isFinite ? h : nil, threshold: 0,
                                   unit: .metres, detail: "a negative accuracy marks the fix invalid")
        }
        if dropInvalidVerticalAccuracy, let v = fix.verticalAccuracy, !(v >= 0) || !v.isFinite {
            return AccuracyVerdict(rule: "invalid-vertical-accuracy", measured: v.isFinite ? v : nil, threshold: 0,
                                   unit: .metres, detail: "no GPS altitude: a cell-tower or Wi-Fi fix")
        }
        var estimated = fix
        estimated.estimateAccuracyFromHDOPIfMissing()
        guard let accuracy = estimated.horizontalAccuracy else {
            if dropUnknownAccuracy {
                return AccuracyVerdict(rule: "unknown-horizontal-accuracy", measured: nil, threshold: nil, unit: .none,
                                       detail: "the source gives neither an accuracy nor an HDOP")
            }
            return nil
        }
        if estimated.horizontalAccuracyIsEstimated, let maxHDOP, let hdop = fix.hdop {
            if !(hdop <= maxHDOP) {
                return AccuracyVerdict(rule: "max-hdop", measured: hdop, threshold: maxHDOP, unit: .none, detail: nil)
            }
            return nil
        }
        if !(accuracy <= maxHorizontalAccuracy) {
            return AccuracyVerdict(
                rule: Self.accuracyRule, measured: accuracy, threshold: maxHorizontalAccuracy, unit: .metres,
                detail: estimated.horizontalAccuracyIsEstimated ? "accuracy estimated from HDOP" : nil)
        }
        return nil
    }

    struct Processor: FixProcessor {
        let stage: AccuracyGateStage
        /// Consecutive fixes that passed while still warming up.
        var settled = 0
        var warmedUp: Bool
        /// The warm-up allowance still applies: no fix has passed `max-horizontal-accuracy` yet.
        var allowing: Bool
        /// Fixes kept so far under the warm-up allowance only.
        var allowed = 0
        /// While allowing: the times and receiver speeds of the fixes of the last ``warmUpSpeedWindow`` seconds.
        var recentSpeeds: [(time: Double, reading: DopplerMean.Reading)] = []
        /// The activity's jump speed, m/s: a faster receiver speed is corrupt and not read (as `auto-pause` and
        /// `track-smoother` read speeds).
        let maximumSpeed: Double
        /// Fixes judged on HDOP alone (no accuracy of their own, `max-hdop` not set), and those rule 6 dropped.
        var judgedOnHDOP = 0
        var droppedOnHDOP = 0

        init(stage: AccuracyGateStage, maximumSpeed: Double) {
            self.stage = stage
            self.maximumSpeed = maximumSpeed
            warmedUp = stage.warmUpSettleFixes == 0
            allowing = stage.warmUpMaxHorizontalAccuracy != nil
        }

        mutating func push(_ fix: Fix, into out: inout StageEmitter) throws {
            let verdict = stage.verdict(for: fix)
            // Judged on HDOP alone: its accuracy is missing or was estimated from the HDOP (readers may fill it).
            let onHDOP = stage.maxHDOP == nil && fix.hdop != nil
                && (fix.horizontalAccuracy == nil || fix.horizontalAccuracyIsEstimated)
            if onHDOP { judgedOnHDOP += 1 }
            if allowing {
                // Every speed counts towards whether the runner moves, whatever its fix's accuracy.
                let moving = movesByItsSpeeds(fix)
                if verdict == nil {
                    allowing = false
                    recentSpeeds = []
                    reportAllowance(endedBy: fix, into: &out)
                } else if moving, let v = verdict, v.rule == AccuracyGateStage.accuracyRule, let accuracy = v.measured,
                          let allowance = stage.warmUpMaxHorizontalAccuracy, accuracy <= allowance {
                    allowed += 1
                    out.keep(fix)
                    return
                }
            }
            if let v = verdict {
                settled = 0
                if onHDOP, v.rule == AccuracyGateStage.accuracyRule { droppedOnHDOP += 1 }
                out.drop(fix, rule: v.rule, measured: v.measured, threshold: v.threshold, unit: v.unit, detail: v.detail)
                return
            }
            if !warmedUp {
                settled += 1
                if settled < stage.warmUpSettleFixes {
                    out.drop(fix, rule: "warm-up", measured: Double(settled), threshold: Double(stage.warmUpSettleFixes),
                             unit: .count, detail: "consecutive passing fixes so far; accuracy has not settled yet")
                    return
                }
                warmedUp = true
            }
            out.keep(fix)
        }

        /// Adds `fix`'s receiver speed to ``recentSpeeds``, and says whether the runner moves at it: the fix has a
        /// usable speed (`DopplerMean.Reading`: finite, not negative, at most the activity's jump speed), and the speeds of the last ``AccuracyGateStage/warmUpSpeedWindow`` seconds — at least
        /// ``AccuracyGateStage/warmUpSpeedReadings`` of them, this one included — average at least
        /// ``AccuracyGateStage/warmUpMovingSpeed``.
        mutating func movesByItsSpeeds(_ fix: Fix) -> Bool {
            guard let reading = DopplerMean.Reading(fix, maximumSpeed: maximumSpeed), let t = fix.time, t.isFinite else {
                return false
            }
            recentSpeeds.removeAll { !(t - $0.time < AccuracyGateStage.warmUpSpeedWindow) || $0.time > t }
            recentSpeeds.append((t, reading))
            guard recentSpeeds.count >= AccuracyGateStage.warmUpSpeedReadings else { return false }
            var mean = DopplerMean()
            for r in recentSpeeds { mean.add(r.reading) }
            return mean.speed >= AccuracyGateStage.warmUpMovingSpeed
        }

        mutating func finish(into out: inout StageEmitter) throws {
            if allowing { reportAllowance(endedBy: nil, into: &out) }
            if judgedOnHDOP >= AccuracyGateStage.hdopHintFixes,
               Double(droppedOnHDOP) >= AccuracyGateStage.hdopHintShare * Double(judgedOnHDOP) {
                let percent = Int((Double(droppedOnHDOP) / Double(judgedOnHDOP) * 100).rounded())
                out.summarize("hdop-drops", label: "Dropped on HDOP", value: Double(droppedOnHDOP), unit: .count,
                              text: "of \(judgedOnHDOP) fixes judged on HDOP × \(Int(Fix.hdopAccuracyFactor)) m (\(percent) %); if this "
                                  + "file's <hdop> holds an accuracy in metres, as OsmAnd writes it, --pipeline osmand-hdop "
                                  + "reads it so")
            }
        }

        /// A `warm-up-allowance` event once the warm-up is over (or the track ended first), when the allowance
        /// kept any fix: how many, and up to which accuracy.
        func reportAllowance(endedBy fix: Fix?, into out: inout StageEmitter) {
            guard allowed > 0, let allowance = stage.warmUpMaxHorizontalAccuracy else { return }
            out.emit("warm-up-allowance", time: fix?.time, sourceIndex: fix?.sourceIndex,
                     fields: ["fixes": .number(Double(allowed)), "max-horizontal-accuracy-m": .number(allowance),
                              "settled": .bool(fix != nil)])
        }
    }
}
