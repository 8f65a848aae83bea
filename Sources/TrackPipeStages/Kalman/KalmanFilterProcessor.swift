import TrackPipe

/// The per-run state of `kalman-filter`: the run tracker, the current run's frame and filter state. No
/// look-ahead: each fix is emitted during its own push. The forward step is ``ConstantVelocityFilterState``,
/// the same code ``KalmanCore`` runs offline, so the live filter equals the smoother's forward pass.
struct KalmanFilterProcessor: FixProcessor {
    let model: ConstantVelocityModel
    var tracker: KalmanRunTracker
    var projection: LocalProjection?
    var state: ConstantVelocityFilterState
    var inPolarStretch = false
    /// Whether room for a change per fix was reserved in the emitter (once, at the first push: offline that is
    /// the whole track's room; live the emitter's buffers are reused between drains and grow to the batch).
    var reserved = false

    init(settings: KalmanSettings, model: ConstantVelocityModel) {
        self.model = model
        self.tracker = KalmanRunTracker(settings: settings)
        self.state = ConstantVelocityFilterState(model: model)
    }

    mutating func push(_ fix: Fix, into out: inout StageEmitter) throws {
        if !reserved {
            out.expectChangesToEveryFix()  // every filtered fix is a change
            reserved = true
        }
        let admission = tracker.admit(fix)
        if case .passThrough = admission {
            if !inPolarStretch {
                out.emit("kalman-pole-pass-through", time: fix.time, sourceIndex: fix.sourceIndex,
                         fields: ["latitude": .number(fix.latitude), "limit": .number(LocalProjection.maximumLatitude)])
            }
            inPolarStretch = true
            projection = nil
            out.keep(fix)
            return
        }
        inPolarStretch = false
        switch admission {
        case .drop(let rule, let measured, let threshold, let unit, let detail):
            out.drop(fix, rule: rule, measured: measured, threshold: threshold, unit: unit, detail: detail)
        case .startRun(let reason, let gap, let variance):
            if let reason {
                var fields: [String: JSONValue] = ["reason": .string(reason)]
                if let gap { fields["gap"] = .number(gap) }
                out.emit("kalman-restart", time: fix.time, sourceIndex: fix.sourceIndex, fields: fields)
            }
            projection = try? LocalProjection(reference: fix.point)
            state = ConstantVelocityFilterState(model: model)
            filter(fix, dt: 0, variance: variance, into: &out)
        case .continueRun(let dt, let variance):
            filter(fix, dt: dt, variance: variance, into: &out)
        case .passThrough:
            break
        }
    }

    private mutating func filter(_ fix: Fix, dt: Double, variance: Double, into out: inout StageEmitter) {
        guard let projection else {
            // Unreachable by the tracker's rules (|latitude| ≤ 89°, finite); kept unchanged rather than trapped.
            out.keep(fix)
            return
        }
        var next = state
        if dt > 0 { next.predict(dt: dt, q: model.spectralDensity) }
        let (e, n) = projection.project(fix.point)
        next.update(east: e, north: n, variance: variance)
        guard next.isHealthy else {
            // A non-finite or non-positive-definite state (absurd inputs): restart the run at this fix.
            out.emit("kalman-run-failed", time: fix.time, sourceIndex: fix.sourceIndex,
                     fields: ["reason": .string("the filter's covariance lost positive definiteness; restarted at this fix")])
            self.projection = try? LocalProjection(reference: fix.point)
            state = ConstantVelocityFilterState(model: model)
            state.update(east: 0, north: 0, variance: variance)
            out.keep(fix)
            return
        }
        state = next
        let p = projection.unproject(east: state.east, north: state.north)
        var updated = fix
        updated.latitude = p.latitude
        updated.longitude = p.longitude
        updated.horizontalAccuracy = state.a.squareRoot()
        updated.horizontalAccuracyIsEstimated = false
        out.keep(updated, changedFrom: fix)
    }

    mutating func finish(into out: inout StageEmitter) throws {}
}
