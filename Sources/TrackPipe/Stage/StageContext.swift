/// What a stage knows about the run besides the fixes: passed as one struct so fields can be added without
/// breaking plugins.
public struct StageContext: Sendable {
    /// The label of this stage in the pipeline (the stage name, or the spec entry's `label`), used on every
    /// drop, change, event and summary item it produces.
    public var label: String
    /// The activity, when the track or the user said; stages use their own default otherwise.
    public var activity: Activity?
    /// The track's name.
    public var trackName: String?
    /// True when the stage runs live (fix by fix, `trackpipe stream`); false offline.
    public var isLive: Bool

    public init(label: String, activity: Activity? = nil, trackName: String? = nil, isLive: Bool = false) {
        self.label = label
        self.activity = activity
        self.trackName = trackName
        self.isLive = isLive
    }
}
