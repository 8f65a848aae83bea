/// How ``DistanceAccumulator`` measures the length of a counted step.
public enum StepMeasure: String, Sendable, Hashable, Codable, CaseIterable {
    /// The distance between the two fixes' positions (the formula's).
    case steps
    /// The time integral of the speed across the step, (s₀ + s₁)/2 · Δt (trapezoid), when both fixes carry a
    /// finite, non-negative speed and the time increases; otherwise the positions' distance, as `steps`.
    /// With Doppler speeds (what watches and phones report) this is how a watch measures distance: position
    /// noise adds length to every step, speed noise averages out. After `track-smoother`, the speeds are the
    /// smoothed velocity's magnitude, so this measures ∫‖v̂‖ dt.
    case speed
}
