import TrackPipe

/// `superman-jump`: rejects a fix that implies an impossible speed (or, optionally, acceleration) from the
/// last accepted fix — the "superman" hops of a phone that briefly locks onto a reflection or a cell tower.
/// Causal.
///
/// The step is judged **accuracy-aware**: the two accuracy radii are subtracted from the distance before the
/// speed is computed (`effective = max(0, d − r₁ − r₂)`, r = valid horizontal accuracy, else 0 m), so two
/// fixes whose accuracy circles overlap are never a jump. It is judged with the **elapsed time** since the last
/// accepted fix, so after a signal gap a long step is allowed if it was possible in the time lost.
///
/// Rules (measured value, threshold):
/// - `implied-speed` — effective distance / elapsed time above the activity's limit (m/s). Exactly at the
///   limit is kept.
/// - `implied-acceleration` — only with `max-acceleration`: the implied speed exceeds the speed into the last
///   accepted fix by more than `max-acceleration × dt` (m/s²).
/// - `zero-time-step` — the same (or an earlier) time as the last accepted fix but an effective distance above
///   0 m (m; threshold 0 m): an infinite speed. Put `timestamp-monotonicity` first and this never fires.
///
/// **Recovery.** A rejected fix is held back, not dropped at once. If the next fix is accepted from the anchor,
/// the held fixes were outliers and are dropped. If instead `recovery-fixes` (K) consecutive rejected fixes are
/// consistent with each other (each step between them passes the same test), the anchor was the outlier or the
/// receiver really relocated: they are all kept, the last becomes the anchor, and a `re-anchor` event is
/// emitted (fields `fixes`, `distance-m` from the old anchor). So one bad anchor never swallows the rest of a
/// run, at the cost of holding back at most K − 1 suspicious fixes (never a good one). Held fixes left at the
/// end are dropped. A fix without time cannot be judged: it is kept, ends any held chain (dropped) and does
/// not become the anchor.
///
/// Limits per activity: ``JumpSpeedLimit`` (running 12.5 m/s, walking 6, cycling 30, driving 85).
///
/// Measured on the Kalman reference run (Tests/Data/reference/kalman/input_2300.csv) (3 flagged jumps of ~2 km), after `accuracy-gate` and
/// `timestamp-monotonicity`: precision 1.00, recall 1.00 for any limit from 8 to 50 m/s (5 m/s: precision
/// 0.75); alone on the raw rows recall 1.00, precision 0.43 (its other drops are the invalid rows).
/// `max-acceleration` 2 / 5 / 10 m/s² gives precision 0.27 / 0.75 / 1.00 — it finds nothing the speed rule
/// misses, hence off. `recovery-fixes` 2, 3, 5 give the same result there (the jumps are single fixes). On the
/// simulated datasets/jumpy.gpx (jumps of 1–4 agreeing fixes) the default pipeline scores +74.70 % distance and
/// 57.24 m position RMSE with `recovery-fixes` 3 (every 3- and 4-fix jump re-anchored), −0.46 % and 3.14 m with
/// 5, the default. Recomputed by `SupermanJumpStageTests.referenceRunPrecisionAndRecall`; see the Filters
/// article.
public struct SupermanJumpStage: StreamingStage {
    public static let descriptor = StageDescriptor(
        name: "superman-jump",
        summary: "Reject fixes implying an impossible speed from the last accepted fix (accuracy-aware, self-recovering).",
        discussion: """
            Effective step = distance − both accuracy radii (overlapping circles are never a jump), divided by the \
            elapsed time since the last accepted fix (so gaps are judged fairly). Above the activity's speed limit \
            (running 12.5 m/s: Bolt's 100 m peak ~12.4 m/s; walking 6 m/s: race-walk record ~4.4 m/s plus \
            headroom; cycling 30 m/s: fastest pro descents ~100 km/h; driving 85 m/s) the fix is held back as a \
            suspect. If the next fix is fine, suspects are dropped (implied-speed). If recovery-fixes suspects in a \
            row agree with each other, the anchor was the outlier: they are kept and become the new anchor \
            (event re-anchor). Optional max-acceleration (m/s²) adds an implied-acceleration rule.
            """,
        parameters: [
            .choice(
                "activity", ActivityChoice.allCases.map(\.rawValue), default: ActivityChoice.auto.rawValue,
                help: "Which speed limit to use: auto = the run's activity (the track's own; offline, inferred from its "
                    + "speeds when the track names none; live, running). running 12.5 m/s, "
                    + "walking 6 m/s, cycling 30 m/s, driving 85 m/s (documented extremes plus headroom)."),
            .number(
                "max-speed", unit: .metresPerSecond, default: nil, range: .positive,
                help: "Override the activity's speed limit, m/s. Default off (use the activity's)."),
            .number(
                "max-acceleration", unit: .metresPerSecondSquared, default: nil, range: .positive,
                help: "Also reject a step whose implied speed exceeds the speed into the anchor by more than this × "
                    + "dt, m/s². Default off: at 1 Hz GPS noise makes step accelerations unreliable, and the speed "
                    + "rule alone finds every flagged jump of the reference run."),
            .integer(
                "recovery-fixes", unit: .count, default: 5, range: .closed(2, 100),
                help: "After this many consecutive rejected fixes that agree with each other, keep them and "
                    + "re-anchor on them (the anchor was the outlier). Default 5: phones emit jumps of 3–4 "
                    + "agreeing fixes (network fixes), which 3 would accept (datasets/jumpy, default pipeline: "
                    + "+74.70 % distance with 3, −0.46 % with 5); 5 holds back at most 4 suspects (4 s at 1 Hz)."),
            .boolean(
                "accuracy-aware", default: true,
                help: "Subtract both accuracy radii (m) from the step before computing speed. Default true: "
                    + "overlapping accuracy circles are not a jump."),
        ],
        guarantees: [.preservesOrder, .preservesPositions]
    )

    public var activity: ActivityChoice
    public var maxSpeed: Double?
    public var maxAcceleration: Double?
    public var recoveryFixes: Int
    public var accuracyAware: Bool

    public init(parameters: StageParameters) throws {
        activity = try parameters.choice("activity")
        maxSpeed = try parameters.optionalNumber("max-speed")
        maxAcceleration = try parameters.optionalNumber("max-acceleration")
        recoveryFixes = try parameters.integer("recovery-fixes")
        accuracyAware = try parameters.bool("accuracy-aware")
    }

    public func makeProcessor(context: StageContext) throws -> any FixProcessor {
        let limit = maxSpeed ?? JumpSpeedLimit.maxSpeed(for: activity.resolve(context.activity))
        return Processor(maxSpeed: limit, maxAcceleration: maxAcceleration, recoveryFixes: recoveryFixes,
                         accuracyAware: accuracyAware)
    }

    struct Processor: FixProcessor {
        let maxSpeed: Double
        let maxAcceleration: Double?
        let recoveryFixes: Int
        let accuracyAware: Bool
        /// The last accepted fix with a time (once `hasAnchor`), and the effective speed of the step into it (m/s).
        /// A plain value beside a flag rather than an optional: binding the optional copied the whole fix (144
        /// bytes) for every fix judged against it.
        var anchor = Fix(time: nil, latitude: 0, longitude: 0, sourceIndex: 0)
        var hasAnchor = false
        var anchorSpeed: Double?
        /// Rejected fixes held back, consistent with each other, with why each was rejected.
        var suspects: [(fix: Fix, verdict: JumpVerdict, speed: Double?)] = []

        init(maxSpeed: Double, maxAcceleration: Double?, recoveryFixes: Int, accuracyAware: Bool) {
            self.maxSpeed = maxSpeed
            self.maxAcceleration = maxAcceleration
            self.recoveryFixes = recoveryFixes
            self.accuracyAware = accuracyAware
        }

        /// Judges the step from `a` (entered at `aSpeed`) to `b`: the verdict when it is impossible, and the
        /// step's effective speed when it has one.
        func judge(from a: Fix, speedInto aSpeed: Double?, to b: Fix) -> (verdict: JumpVerdict?, speed: Double?) {
            guard let ta = a.time, let tb = b.time else { return (nil, nil) }
            // Nearly every step is far below the limit: a bound of its length without trigonometry says so, and
            // the exact length is worked out only near or over the limit (the same verdicts; the speed it would
            // give is needed only by the acceleration rule).
            if maxAcceleration == nil, tb > ta,
               JumpSpeedLimit.distanceBound(a, b) - JumpSpeedLimit.accuracyRadius(a, accuracyAware)
                   - JumpSpeedLimit.accuracyRadius(b, accuracyAware) <= maxSpeed * (tb - ta) {
                return (nil, nil)
            }
            let effective = JumpSpeedLimit.effectiveDistance(from: a, to: b, accuracyAware: accuracyAware)
            let dt = tb - ta
            guard dt > 0 else {
                if effective > 0 {
                    return (JumpVerdict(rule: "zero-time-step", measured: effective, threshold: 0, unit: .metres,
                                        fromSourceIndex: a.sourceIndex), nil)
                }
                return (nil, nil)
            }
            let speed = effective / dt
            if !(speed <= maxSpeed) {
                return (JumpVerdict(rule: "implied-speed", measured: speed, threshold: maxSpeed, unit: .metresPerSecond,
                                    fromSourceIndex: a.sourceIndex), speed)
            }
            if let maxAcceleration, let aSpeed {
                let acceleration = (speed - aSpeed) / dt
                if acceleration > maxAcceleration {
                    return (JumpVerdict(rule: "implied-acceleration", measured: acceleration, threshold: maxAcceleration,
                                        unit: .metresPerSecondSquared, fromSourceIndex: a.sourceIndex), speed)
                }
            }
            return (nil, speed)
        }

        mutating func dropSuspects(into out: inout StageEmitter) {
            guard !suspects.isEmpty else { return }
            for s in suspects {
                out.drop(s.fix, rule: s.verdict.rule, measured: s.verdict.measured, threshold: s.verdict.threshold,
                         unit: s.verdict.unit, detail: "judged from fix \(s.verdict.fromSourceIndex)")
            }
            suspects.removeAll()
        }

        mutating func push(_ fix: Fix, into out: inout StageEmitter) throws {
            guard let t = fix.time, t.isFinite else {
                dropSuspects(into: &out)
                out.keep(fix)
                return
            }
            guard hasAnchor else {
                anchor = fix
                hasAnchor = true
                anchorSpeed = nil
                out.keep(fix)
                return
            }
            let (verdict, speed) = judge(from: anchor, speedInto: anchorSpeed, to: fix)
            guard let verdict else {
                dropSuspects(into: &out)
                out.keep(fix)
                anchor = fix
                anchorSpeed = speed
                return
            }
            if let last = suspects.last {
                let (chainVerdict, chainSpeed) = judge(from: last.fix, speedInto: last.speed, to: fix)
                if chainVerdict != nil {
                    dropSuspects(into: &out)
                    suspects = [(fix, verdict, nil)]
                } else {
                    suspects.append((fix, verdict, chainSpeed))
                }
            } else {
                suspects = [(fix, verdict, nil)]
            }
            if suspects.count >= recoveryFixes, let first = suspects.first, let last = suspects.last {
                out.emit("re-anchor", time: first.fix.time, sourceIndex: first.fix.sourceIndex, fields: [
                    "fixes": .number(Double(suspects.count)),
                    "distance-m": .number(Geodesy.distance(anchor.point, first.fix.point)),
                    "previous-anchor": .number(Double(anchor.sourceIndex)),
                ])
                for s in suspects { out.keep(s.fix) }
                anchor = last.fix
                anchorSpeed = last.speed
                suspects.removeAll()
            }
        }

        mutating func finish(into out: inout StageEmitter) throws {
            dropSuspects(into: &out)
        }
    }
}
