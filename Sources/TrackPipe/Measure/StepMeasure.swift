/// How ``DistanceAccumulator`` measures the length of a counted step.
public enum StepMeasure: String, Sendable, Hashable, Codable, CaseIterable {
    /// The distance between the two fixes' positions (the formula's).
    case steps
    /// The time integral of the speed across the step, (s₀ + s₁)/2 · Δt (trapezoid), when both fixes carry a
    /// finite, non-negative speed and the time increases; otherwise the positions' distance, as `steps`. A step
    /// longer than ``maximumSpeedStep`` is measured by its speeds only when the step before it was not (a gap
    /// in a recording sampled every second or so); in a sparse recording (a logger sampling every 10 s) it is the
    /// positions' distance: two instants' speeds say little about the seconds between (such a bike logger
    /// measured 6 % short by its speeds). A gap's length by its speeds is kept within ``gapBand`` standard
    /// deviations of the positions' noise of the path the two fixes' velocities describe across it (`GapPath`),
    /// when both fixes carry a course and a horizontal accuracy: the speeds at the gap's ends are the runner's
    /// speed for the whole gap only if they neither stopped nor set off inside it.
    /// With Doppler speeds (what watches and phones report) this is how a watch measures distance: position
    /// noise adds length to every step, speed noise averages out. After `track-smoother`, the speeds are the
    /// smoothed velocity's magnitude, so this measures ∫‖v̂‖ dt.
    case speed

    /// The longest step measured by its speeds alone, seconds: 2 (receivers report Doppler speed at 1 Hz or
    /// faster).
    public static let maximumSpeedStep = 2.0

    /// How far a gap's length by its speeds may differ from the length of its path (see ``speed``), in standard
    /// deviations of the positions' noise: 2. Measured with the default pipeline on 200 simulated runs with Doppler
    /// speeds per set of seeds (every scenario with and without multipath bursts, and runs like `stop-and-go` and
    /// `urban-canyon`; each has two signal gaps of 15–60 s and a few of 3–4 s where fixes were dropped): the mean
    /// |error| of a gap 3.64 → 2.26 m on seeds 1–20 and 4.18 → 2.53 m on seeds 21–40, runs within 0.5 % 172 → 175
    /// and 150 → 174 of 200. Measured with the curve alone (before `GapPath` took a shorter corner), a band of 1
    /// held the short gaps' speeds by the positions' noise (165 of 200 on seeds 1–20, 2 gave 174); 3 left more of
    /// the long gaps' error (163 of 200 on seeds 21–40, 2 gave 171).
    public static let gapBand = 2.0
}
