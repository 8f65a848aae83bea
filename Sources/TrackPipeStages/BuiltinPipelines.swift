/// Pipelines embedded in the library, so `trackpipe run` works without any file. `pipelines/default.json`
/// holds the same spec (a test keeps them equal).
public enum BuiltinPipelines {
    /// The default pipeline: the best configuration measured so far (see the README's compare table).
    public static let defaultSpec = """
    {
      "version": 1,
      "name": "default",
      "description": "TrackPipe's default: the Runkeeper filters (accuracy gate, clock-jump repair and timestamp monotonicity, superman jumps, auto-pause), the Kalman RTS smoother, then distance, splits and badges. Streaming runs its causal stages only (no timestamp-repair, no smoother).",
      "stages": [
        {"stage": "accuracy-gate"},
        {"stage": "timestamp-repair"},
        {"stage": "timestamp-monotonicity"},
        {"stage": "superman-jump"},
        {"stage": "auto-pause"},
        {"stage": "kalman-smoother"},
        {"stage": "distance"},
        {"stage": "splits"},
        {"stage": "badges"}
      ]
    }
    """
}
