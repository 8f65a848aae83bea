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
    /// The first source index a stage may give a fix it makes (``MadeFix``); it numbers its made fixes on from
    /// here. The runner sets it above every index the run has seen (read or made). Default 2⁴⁰.
    public var firstMadeSourceIndex: Int

    public init(label: String, activity: Activity? = nil, trackName: String? = nil, isLive: Bool = false,
                firstMadeSourceIndex: Int = 1 << 40) {
        self.label = label
        self.activity = activity
        self.trackName = trackName
        self.isLive = isLive
        self.firstMadeSourceIndex = firstMadeSourceIndex
    }
}
