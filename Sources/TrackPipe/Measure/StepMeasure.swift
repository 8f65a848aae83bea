/// How ``DistanceAccumulator`` measures the length of a counted step.
public enum StepMeasure: String, Sendable, Hashable, Codable, CaseIterable {
    /// The distance between the two fixes' positions (the formula's).
    case steps
    /// The time integral of the speed across the step, (s₀ + s₁)/2 · Δt (trapezoid), when both fixes carry a
    /// finite, non-negative speed and the time increases; otherwise the positions' distance, as `steps`. A step
    /// longer than ``maximumSpeedStep`` is measured by its speeds only when the step before it was not (a gap
    /// in a recording sampled every second or so, where the speeds on each side describe the way across better
    /// than the straight line); in a sparse recording (a logger sampling every 10 s) it is the positions'
    /// distance: two instants' speeds say little about the seconds between (such a bike logger measured 6 %
    /// short by its speeds).
    /// With Doppler speeds (what watches and phones report) this is how a watch measures distance: position
    /// noise adds length to every step, speed noise averages out. After `track-smoother`, the speeds are the
    /// smoothed velocity's magnitude, so this measures ∫‖v̂‖ dt.
    case speed

    /// The longest step measured by its speeds alone, seconds: 2 (receivers report Doppler speed at 1 Hz or
    /// faster).
    public static let maximumSpeedStep = 2.0
}
