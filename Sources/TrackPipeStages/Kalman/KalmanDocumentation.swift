/// The help text the two Kalman stages share (their descriptors' discussions are built from it).
enum KalmanDocumentation {
    static let model = """
    Model: constant velocity in a local east/north metric frame (the equirectangular projection about each \
    run's first fix), state [east, east velocity, north, north velocity], driven by white-noise acceleration \
    of spectral density q (process-noise); each fix measures the position with per-axis variance σ², σ from \
    its horizontal accuracy (or a fixed σ) clamped to [sigma-floor, sigma-cap]; time steps are the real \
    differences between fix times. The parameters express the independent reference model exactly \
    (process-noise 0.25, initial-position-sigma 1000, initial-velocity-sigma 10, sigma-source accuracy); a \
    test reproduces its filter and smoother to 1e-6 m.
    """

    static let chooseQ = """
    Choosing q: √q is about the change of speed (m/s) the model expects in one second; the position's own \
    wander over dt grows like q·dt³/3. Too small and the track cuts corners and lags surges; too large and \
    it follows the noise. The defaults (running 0.1, walking 0.05, cycling 0.3, driving 1, m²/s³) were \
    chosen on the reference run's ground truth for running and scaled for the others; to tune, smooth a \
    track with known truth over a grid of q and take the least error.
    """

    static let runs = """
    Runs: the filter restarts (new frame, new state) at every new segment, after a time step or an \
    auto-pause longer than restart-after-gap, and after a polar stretch. Dropped, with a rule: fixes without \
    a time (no-time), with non-finite coordinates (not-finite), with an accuracy the source marked invalid \
    (invalid-accuracy), or earlier than the run's previous fix (time-not-increasing). Fixes with the same \
    time as the previous one are merged, not dropped: a second measurement of the same instant. Fixes \
    within 1° of a pole (where the local east/north frame is undefined) pass through unchanged, with a \
    kalman-pole-pass-through event. Across the antimeridian the frame stays continuous. Events: \
    kalman-restart (fields reason: segment, gap, pause or pole; gap in s), kalman-pole-pass-through \
    (latitude, limit in °), kalman-run-failed (reason; the run's fixes are kept unchanged).
    """
}
