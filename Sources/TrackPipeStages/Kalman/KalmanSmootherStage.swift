import TrackPipe

/// `kalman-smoother`: the offline fixed-interval smoother (forward Kalman filter + Rauch–Tung–Striebel backward
/// pass) of the constant-velocity model; moves every fix to its smoothed position and gives it the smoothed
/// accuracy. See ``KalmanCore`` for the numerics and ``KalmanRunTracker`` for how a track splits into runs.
public struct KalmanSmootherStage: Stage {
    public static let descriptor = StageDescriptor(
        name: "kalman-smoother",
        summary: "Smooth the track offline: Kalman filter forward, Rauch–Tung–Striebel smoother backward.",
        discussion: """
        Moves every fix to the best estimate of where it was given ALL fixes of its run, before and after — \
        what Runkeeper did to a run after it ended. Each smoothed fix keeps its time and carries the smoothed \
        accuracy; the original is kept in the result as a changed fix.

        Why offline only: the smoother revises a fix when later fixes arrive. A live app cannot work that way — \
        auto-pause, live distance and split announcements act on decisions that must never change after they \
        are made — so the live counterpart, kalman-filter, only ever uses the past and never revises a fix it \
        has emitted. After the run nothing has been announced yet, so the smoother may use the future too, \
        which roughly halves the filter's error (on the reference run, 5.4 m RMS against 10.1 m).

        Smoothed accuracy: √(mean of the smoothed east and north position variances), metres — the 1-sigma \
        uncertainty of each coordinate of the smoothed position under the model (the two variances are equal \
        here). It reads like the input accuracy (a per-axis 1-sigma), is smallest mid-track and grows at the \
        ends of a run and across gaps. It is only as right as the model: an outlier that got into the run \
        biases the position without raising it.

        \(KalmanDocumentation.model)

        \(KalmanDocumentation.chooseQ)

        \(KalmanDocumentation.runs)

        Speed: the whole smoother is a closed-form 2×2 recursion (both axes share one covariance), tens of \
        microseconds per 2300 fixes; solver "banded-cholesky" gets the same means from GSL's banded Cholesky \
        on the whole trajectory's normal equations (slower; kept as an independent check).
        """,
        parameters: KalmanSettings.parameters + [
            .choice("solver", KalmanSmootherSolver.allCases.map(\.rawValue), default: KalmanSmootherSolver.rts.rawValue,
                    help: "How the smoothed means are computed: \"rts\" (Rauch–Tung–Striebel recursion, fastest measured) or \"banded-cholesky\" (one banded SPD solve with GSL; same result to ~1e-9 m)."),
        ]
    )

    public let settings: KalmanSettings
    public let solver: KalmanSmootherSolver

    public init(parameters: StageParameters) throws {
        settings = try KalmanSettings(parameters: parameters)
        solver = try parameters.choice("solver", as: KalmanSmootherSolver.self)
    }

    public init(settings: KalmanSettings, solver: KalmanSmootherSolver = .rts) {
        self.settings = settings
        self.solver = solver
    }

    public func run(_ input: StageInput) throws -> StageOutput {
        let fixes = input.track.fixes
        let label = input.context.label
        let stageLabel = StageLabel(label)
        let count = fixes.count
        typealias F = KalmanCore.Field
        var dropped: [Drop] = []
        var events: [StageEvent] = []
        // Per fix: its member index (its place among the fixes admitted to runs), or droppedSlot / passThroughSlot.
        let droppedSlot = -1, passThroughSlot = -2
        var slot = [Int](repeating: droppedSlot, count: count)
        // Every member's measurement goes straight into one core sized for the whole track (member m in record
        // m), written as the fixes are admitted (one pass over the track) and as the core's storage is built (so
        // it is written once, not zeroed first): time, east and north in its run's frame (m), measurement variance (m²), the rest
        // of the record zero. Each run is then smoothed in its own records. Per run: its first member, first fix
        // and frame.
        var runs: [Run] = []
        var members = 0
        var tracker = KalmanRunTracker(settings: settings)
        var inPolarStretch = false
        let records = try [Double](unsafeUninitializedCapacity: count * F.stride) { storage, initialized in
            try fixes.withUnsafeBufferPointer { fixes in
                // Replaced at the start of every run: the tracker starts a run before it continues one, and
                // starts runs only at finite fixes with |latitude| ≤ LocalProjection.maximumLatitude, so the
                // frame of a run always exists (`try`: were that ever broken, an error, not a trap).
                var frame = try LocalProjection(reference: GeoPoint(latitude: 0, longitude: 0))
                for i in 0..<count {
                    let admission = tracker.admit(fixes[i])
                    if case .passThrough = admission {
                        slot[i] = passThroughSlot
                        if !inPolarStretch {
                            let fix = fixes[i]
                            events.append(StageEvent(stage: label, kind: "kalman-pole-pass-through", time: fix.time, sourceIndex: fix.sourceIndex,
                                                     fields: ["latitude": .number(fix.latitude), "limit": .number(LocalProjection.maximumLatitude)]))
                        }
                        inPolarStretch = true
                        continue
                    }
                    inPolarStretch = false
                    let variance: Double
                    switch admission {
                    case .drop(let rule, let measured, let threshold, let unit, let detail):
                        dropped.append(Drop(fix: fixes[i], stage: label, rule: rule, measured: measured, threshold: threshold, unit: unit, detail: detail))
                        continue
                    case .startRun(let reason, let gap, let v):
                        if let reason {
                            var fields: [String: JSONValue] = ["reason": .string(reason)]
                            if let gap { fields["gap"] = .number(gap) }
                            events.append(StageEvent(stage: label, kind: "kalman-restart", time: fixes[i].time, sourceIndex: fixes[i].sourceIndex, fields: fields))
                        }
                        frame = try LocalProjection(reference: fixes[i].point)
                        runs.append(Run(start: members, firstFix: i, frame: frame))
                        variance = v
                    case .continueRun(_, let v):
                        variance = v
                    case .passThrough:
                        continue
                    }
                    slot[i] = members
                    let (e, n) = frame.project(fixes[i].point)
                    let o = members * F.stride
                    storage.initializeElement(at: o + F.time, to: fixes[i].time ?? 0)
                    storage.initializeElement(at: o + F.zEast, to: e)
                    storage.initializeElement(at: o + F.zNorth, to: n)
                    storage.initializeElement(at: o + F.variance, to: variance)
                    for f in (F.variance + 1)..<F.stride { storage.initializeElement(at: o + f, to: 0) }
                    members += 1
                }
            }
            initialized = members * F.stride
        }
        var core = KalmanCore(model: settings.model(for: input.context.activity ?? input.track.activity), storage: records)

        // Smooth run by run in the shared core. A failed run loses its frame, so its members keep their fixes
        // unchanged (a smoothed run is finite: the core checks it), and the run is reported with why (a
        // non-finite or singular case, never an abort).
        for (r, run) in runs.enumerated() {
            let end = r + 1 < runs.count ? runs[r + 1].start : members
            do {
                try core.smooth(run.start..<end, solver: solver)
            } catch {
                runs[r].frame = nil
                let first = fixes[run.firstFix]
                events.append(StageEvent(stage: label, kind: "kalman-run-failed", time: first.time, sourceIndex: first.sourceIndex,
                                         fields: ["reason": .string(String(describing: error)), "fixes": .number(Double(end - run.start))]))
            }
        }

        // The kept fixes: one bulk copy of the input (measured faster than writing each fix once into
        // uninitialised room), then in place the dropped fixes squeezed out and each smoothed fix moved to its
        // smoothed position, unprojected from its run's frame, with the smoothed accuracy √(smoothed position
        // variance). Each change is written once into room for one per member: a snapshot of each side.
        var kept = fixes
        var keptCount = 0
        let changed = [FixChange](unsafeUninitializedCapacity: members) { changes, changeCount in
            changeCount = 0
            kept.withUnsafeMutableBufferPointer { out in
                core.storage.withUnsafeBufferPointer { storage in
                    var r = -1, nextRunStart = 0
                    var frame: LocalProjection?
                    for i in 0..<count {
                        let m = slot[i]
                        if m == droppedSlot { continue }
                        let k = keptCount
                        keptCount += 1
                        if k != i { out[k] = out[i] }
                        guard m >= 0 else { continue }
                        while m >= nextRunStart {
                            r += 1
                            nextRunStart = r + 1 < runs.count ? runs[r + 1].start : members
                            frame = runs[r].frame
                        }
                        guard let frame else { continue }
                        // The updated snapshot is built from the original in registers, not read back from the
                        // fix just written (a load straddling the separate stores of latitude and longitude
                        // cannot be forwarded from them and stalls).
                        let original = FixSnapshot(out[k])
                        let o = m * F.stride
                        let p = frame.unproject(east: storage[o + F.sEast], north: storage[o + F.sNorth])
                        let accuracy = storage[o + F.sA].squareRoot()
                        out[k].latitude = p.latitude
                        out[k].longitude = p.longitude
                        out[k].horizontalAccuracy = accuracy
                        out[k].horizontalAccuracyIsEstimated = false
                        var updated = original
                        updated.latitude = p.latitude
                        updated.longitude = p.longitude
                        updated.horizontalAccuracy = accuracy
                        updated.horizontalAccuracyIsEstimated = false
                        changes.initializeElement(at: changeCount, to: FixChange(original: original, updated: updated, stageLabel: stageLabel))
                        changeCount += 1
                    }
                }
            }
        }
        kept.removeLast(count - keptCount)
        return StageOutput(kept: kept, dropped: dropped, changed: changed, events: events)
    }

    /// One run of the track as `run` stores it: its first member (its record in the core), its first fix and its
    /// frame — `nil` once its smoothing failed, so its fixes are left unchanged. (A nominal type, not a tuple:
    /// the runtime looked a generic tuple's metadata up in a hash table on every call.)
    private struct Run {
        var start: Int
        var firstFix: Int
        var frame: LocalProjection?
    }
}
