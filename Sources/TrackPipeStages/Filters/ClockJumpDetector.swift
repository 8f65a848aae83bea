import TrackPipe

/// Finds clock jumps in fixes taken in file order (all with finite times).
///
/// The track's own scale is learned first: the sampling interval Δ is the median of the positive time steps,
/// the normal step length D the median distance across them. A step from fix i−1 to fix i is a jump candidate
/// when its time step deviates from Δ by at least `minJump` seconds while the position moved a normal step:
/// `distance ≤ maxStepFactor · D + r(i−1) + r(i)` (r = valid horizontal accuracy, else 0). A real signal gap
/// moves the position in proportion to the time lost, so it fails the distance test.
///
/// - A **backward** candidate is always a jump: time cannot run backwards.
/// - A **forward** candidate is ambiguous: loggers that stop recording while stationary (smart recording)
///   produce exactly the same picture — measured: mtk_logger.gpx has a 4226 s gap with 0 m moved, several
///   whitchurch-ride-A devices have 150–216 s gaps moving under 15 m. So a forward candidate is a jump only when
///   `detectForward` is set, or when a later backward jump cancels it (|forward + backward| < `minJump`):
///   the clock jumped ahead and was set back, and the fixes between carry the wrong time.
struct ClockJumpDetector: Sendable {
    var minJump: Double
    var maxStepFactor: Double
    var detectForward: Bool

    /// The sampling interval Δ (s) of `fixes`: the median positive time step; `nil` with fewer than one.
    static func samplingInterval(_ fixes: [Fix]) -> Double? {
        var steps: [Double] = []
        for i in fixes.indices.dropFirst() {
            if let a = fixes[i - 1].time, let b = fixes[i].time, b - a > 0 { steps.append(b - a) }
        }
        return SampleStatistics.median(steps)
    }

    /// The jumps in `fixes`, in file order.
    func detect(_ fixes: [Fix]) -> [ClockJump] {
        guard fixes.count >= 2, let interval = Self.samplingInterval(fixes) else { return [] }
        /// The time step into fix `i` and its deviation from the interval, when that is at least `minJump`.
        func offInterval(_ i: Int) -> (step: Double, deviation: Double)? {
            guard let a = fixes[i - 1].time, let b = fixes[i].time, abs(b - a - interval) >= minJump else { return nil }
            return (b - a, b - a - interval)
        }
        // Most runs have no step off the interval: then the median step length (a distance per step) is not needed.
        guard fixes.indices.dropFirst().contains(where: { offInterval($0) != nil }) else { return [] }
        var stepLengths: [Double] = []
        for i in fixes.indices.dropFirst() {
            if let a = fixes[i - 1].time, let b = fixes[i].time, b - a > 0 {
                stepLengths.append(Geodesy.distance(fixes[i - 1].point, fixes[i].point))
            }
        }
        let normalStep = SampleStatistics.median(stepLengths) ?? 0
        var jumps: [ClockJump] = []
        var pendingForward: ClockJump?
        for i in fixes.indices.dropFirst() {
            guard let (step, deviation) = offInterval(i) else { continue }
            let distance = Geodesy.distance(fixes[i - 1].point, fixes[i].point)
            let slack = Self.radius(fixes[i - 1]) + Self.radius(fixes[i])
            guard distance <= maxStepFactor * normalStep + slack else { continue }
            let jump = ClockJump(index: i, sourceIndex: fixes[i].sourceIndex, size: deviation, step: step, distance: distance)
            if deviation > 0 {
                if detectForward { jumps.append(jump) } else { pendingForward = jump }
            } else {
                if let forward = pendingForward, abs(forward.size + deviation) < minJump {
                    jumps.append(forward)
                }
                pendingForward = nil
                jumps.append(jump)
            }
        }
        return jumps.sorted { $0.index < $1.index }
    }

    /// The accuracy radius used as slack: the valid horizontal accuracy, else 0 m.
    static func radius(_ fix: Fix) -> Double {
        guard let h = fix.horizontalAccuracy, h >= 0, h.isFinite else { return 0 }
        return h
    }
}
