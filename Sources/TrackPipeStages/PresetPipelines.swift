/// The preset pipelines by name, embedded so the CLI can use them without the `pipelines/` folder:
/// `default` (``BuiltinPipelines/defaultSpec``), `runkeeper`, `raw` and `smooth`. Each text is the same
/// document as `pipelines/NAME.json` (a test keeps them equal).
public enum PresetPipelines {
    /// Preset names, in the order tables list them.
    public static let names = ["raw", "runkeeper", "smooth", "default"]

    /// The spec text of the preset called `name`, or `nil`.
    public static func spec(named name: String) -> String? {
        switch name {
        case "default": return BuiltinPipelines.defaultSpec
        case "runkeeper": return runkeeper
        case "raw": return raw
        case "smooth": return smooth
        default: return nil
        }
    }

    public static let runkeeper = """
    {
      "version": 1,
      "name": "runkeeper",
      "description": "The Runkeeper talk's filters in its order, all causal (runs live): drop inaccurate, invalid and cell/Wi-Fi fixes; drop fixes not strictly later than the last; reject superman jumps; auto-pause where the runner stopped. Defaults chosen by measurement on the reference run (see the filters section of the README).",
      "stages": [
        {"stage": "accuracy-gate", "max-horizontal-accuracy": 20, "drop-invalid-vertical-accuracy": true, "drop-unknown-accuracy": false},
        {"stage": "timestamp-monotonicity", "prefer-accurate-duplicate": true},
        {"stage": "superman-jump", "activity": "auto", "recovery-fixes": 5},
        {"stage": "auto-pause", "rule": "region", "radius": 15, "window": 30}
      ]
    }
    """

    public static let raw = """
    {
      "version": 1,
      "name": "raw",
      "description": "Reading only: no filter stage, every fix kept as recorded; the distance stage measures the raw track. The baseline every other preset is compared against.",
      "stages": [
        {"stage": "distance"}
      ]
    }
    """

    public static let smooth = """
    {
      "version": 1,
      "name": "smooth",
      "description": "The Runkeeper talk's four filters (accuracy gate, timestamp monotonicity, superman jumps, auto-pause) followed by the Kalman RTS smoother, then distance. Whole-track (the smoother looks ahead).",
      "stages": [
        {"stage": "accuracy-gate", "max-horizontal-accuracy": 20, "drop-invalid-vertical-accuracy": true, "drop-unknown-accuracy": false},
        {"stage": "timestamp-monotonicity", "prefer-accurate-duplicate": true},
        {"stage": "superman-jump", "activity": "auto", "recovery-fixes": 5},
        {"stage": "auto-pause", "rule": "region", "radius": 15, "window": 30},
        {"stage": "kalman-smoother"},
        {"stage": "distance"}
      ]
    }
    """
}
