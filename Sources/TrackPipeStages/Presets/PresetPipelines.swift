/// The preset pipelines, by name. Their specs are the files in the repository's `pipelines/` folder, compiled
/// into the library as resources (one source of truth), so `trackpipe run` works without any file beside it.
///
/// | name | what it is |
/// |---|---|
/// | `raw` | reading only: every fix kept, the distance of the raw track — the baseline |
/// | `runkeeper` | the Runkeeper filters, all causal (runs live) |
/// | `smooth` | the Runkeeper filters, then the Kalman RTS smoother and distance |
/// | `default` | the default: filters, clock-jump repair, smoother, distance, splits and badges |
/// | `osmand-hdop` | the default's filters for tracks whose `<hdop>` holds an accuracy in metres (OsmAnd) |
/// | `runkeeper-600` | the Runkeeper filters, then thinned to a fix every 9 m or more, as Runkeeper's app kept ~600 of 2300 |
/// | `share` | the default, with the start, the end and your own places hidden and the line simplified, for sharing |
public enum PresetPipelines {
    /// Preset names, in the order tables list them (`raw` first: the baseline).
    public static let names = ["raw", "runkeeper", "smooth", "default", "osmand-hdop", "runkeeper-600", "share"]

    /// The presets `trackpipe compare` scores when no pipeline is named: the general ones, baseline first
    /// (`osmand-hdop` is for one kind of file only).
    public static let compared = ["raw", "runkeeper", "smooth", "default"]

    /// The name of the pipeline used when none is given.
    public static let defaultName = "default"

    /// The spec text of the default pipeline.
    public static var defaultSpec: String { text(PackageResources.default_json) }

    /// The spec text of the preset called `name`, or `nil` when there is no such preset.
    public static func spec(named name: String) -> String? {
        switch name {
        case "default": return text(PackageResources.default_json)
        case "raw": return text(PackageResources.raw_json)
        case "runkeeper": return text(PackageResources.runkeeper_json)
        case "smooth": return text(PackageResources.smooth_json)
        case "osmand-hdop": return text(PackageResources.osmand_hdop_json)
        case "runkeeper-600": return text(PackageResources.runkeeper_600_json)
        case "share": return text(PackageResources.share_json)
        default: return nil
        }
    }

    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
