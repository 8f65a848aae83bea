/// A stored run's row without its track: what `history` lists and `badges --store` ranks.
public struct StoredRunSummary: Sendable, Hashable {
    public var id: Int64
    public var inputPath: String
    public var inputSHA256: String
    public var pipelineSHA256: String
    public var pipelineName: String
    public var activity: String?
    public var start: Double?
    public var recordsRead: Int
    public var kept: Int
    public var dropped: Int
    public var distance: Double?
    public var movingTime: Double?
    public var elapsedTime: Double?
    /// The populated place nearest to the run's start ("Winchester, United Kingdom"), when the pipeline named it.
    public var startPlace: String?

    public init(id: Int64, inputPath: String, inputSHA256: String, pipelineSHA256: String, pipelineName: String, activity: String?,
                start: Double?, recordsRead: Int, kept: Int, dropped: Int, distance: Double?, movingTime: Double?, elapsedTime: Double?,
                startPlace: String? = nil) {
        self.id = id
        self.inputPath = inputPath
        self.inputSHA256 = inputSHA256
        self.pipelineSHA256 = pipelineSHA256
        self.pipelineName = pipelineName
        self.activity = activity
        self.start = start
        self.recordsRead = recordsRead
        self.kept = kept
        self.dropped = dropped
        self.distance = distance
        self.movingTime = movingTime
        self.elapsedTime = elapsedTime
        self.startPlace = startPlace
    }
}
