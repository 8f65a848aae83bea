/// One processed run as the store keeps it: where it came from (the input's path and content hash, the
/// pipeline's hash), its figures, its splits and badge checkpoints, and the kept track. SI units: metres,
/// seconds, UTC seconds since 1970.
public struct StoredRun: Sendable, Hashable {
    /// A kept fix: position, time, altitude, segment, and the cumulative distance the run measured to it.
    public struct Point: Sendable, Hashable {
        public var time: Double?
        public var latitude: Double
        public var longitude: Double
        public var altitude: Double?
        public var segment: Int
        /// Metres from the start, as the `distance` stage counted them; nil without a distance stage.
        public var distance: Double?

        public init(time: Double?, latitude: Double, longitude: Double, altitude: Double?, segment: Int, distance: Double?) {
            self.time = time
            self.latitude = latitude
            self.longitude = longitude
            self.altitude = altitude
            self.segment = segment
            self.distance = distance
        }
    }

    /// A split: the stretch between two whole multiples of its length.
    public struct Split: Sendable, Hashable {
        public var index: Int
        public var startDistance: Double
        public var endDistance: Double
        public var movingTime: Double
        public var elapsedTime: Double?
        public var isPartial: Bool

        public init(index: Int, startDistance: Double, endDistance: Double, movingTime: Double, elapsedTime: Double?, isPartial: Bool) {
            self.index = index
            self.startDistance = startDistance
            self.endDistance = endDistance
            self.movingTime = movingTime
            self.elapsedTime = elapsedTime
            self.isPartial = isPartial
        }
    }

    /// Where the run passed a badge's distance.
    public struct Checkpoint: Sendable, Hashable {
        public var badge: String
        public var badgeDistance: Double
        public var time: Double?
        public var movingTime: Double

        public init(badge: String, badgeDistance: Double, time: Double?, movingTime: Double) {
            self.badge = badge
            self.badgeDistance = badgeDistance
            self.time = time
            self.movingTime = movingTime
        }
    }

    public var inputPath: String
    /// SHA-256 of the input file's bytes: with ``pipelineSHA256`` it names the run (storing it again replaces it).
    public var inputSHA256: String
    public var pipelineSHA256: String
    public var pipelineName: String
    public var trackpipeVersion: String
    public var activity: String?
    /// When the run started: the first kept fix's time (as `trackpipe badges` orders runs).
    public var start: Double?
    public var recordsRead: Int
    public var kept: Int
    public var dropped: Int
    public var distance: Double?
    public var movingTime: Double?
    public var elapsedTime: Double?
    public var points: [Point]
    public var splits: [Split]
    public var checkpoints: [Checkpoint]
    /// The populated place nearest to the run's start ("Winchester, United Kingdom"), when the pipeline named it
    /// (the `places` stage).
    public var startPlace: String?

    public init(inputPath: String, inputSHA256: String, pipelineSHA256: String, pipelineName: String, trackpipeVersion: String,
                activity: String?, start: Double?, recordsRead: Int, kept: Int, dropped: Int, distance: Double?,
                movingTime: Double?, elapsedTime: Double?, points: [Point], splits: [Split], checkpoints: [Checkpoint],
                startPlace: String? = nil) {
        self.inputPath = inputPath
        self.inputSHA256 = inputSHA256
        self.pipelineSHA256 = pipelineSHA256
        self.pipelineName = pipelineName
        self.trackpipeVersion = trackpipeVersion
        self.activity = activity
        self.start = start
        self.recordsRead = recordsRead
        self.kept = kept
        self.dropped = dropped
        self.distance = distance
        self.movingTime = movingTime
        self.elapsedTime = elapsedTime
        self.points = points
        self.splits = splits
        self.checkpoints = checkpoints
        self.startPlace = startPlace
    }
}
