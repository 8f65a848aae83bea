/// A recorded track: its fixes in source order plus what the source said about it.
public struct Track: Sendable, Hashable, Codable {
    /// The track's name from its source (GPX `<name>`), if any.
    public var name: String?
    /// The activity, when the source or the user says; stages fall back to their own default.
    public var activity: Activity?
    /// The fixes, in source order. Segment membership is ``Fix/segment``.
    public var fixes: [Fix]
    /// The format the track was read from (`gpx`, `csv`, `geojson`, `nmea`, `gnsslogger`, …), if read from one.
    public var sourceFormat: String?
    /// Records that could not become fixes, with why. Counted as read and reported as dropped by `read`.
    public var rejected: [RejectedRecord]

    public init(
        name: String? = nil, activity: Activity? = nil, fixes: [Fix] = [], sourceFormat: String? = nil,
        rejected: [RejectedRecord] = []
    ) {
        self.name = name
        self.activity = activity
        self.fixes = fixes
        self.sourceFormat = sourceFormat
        self.rejected = rejected
    }

    /// Records read from the source: fixes plus rejected records.
    public var recordCount: Int { fixes.count + rejected.count }

    /// Indices into ``fixes`` where a segment begins (0 is always one when the track is non-empty).
    public var segmentStarts: [Int] {
        var starts: [Int] = []
        for i in fixes.indices where i == 0 || fixes[i].segment != fixes[i - 1].segment {
            starts.append(i)
        }
        return starts
    }

    /// The fixes split into their segments.
    public var segments: [ArraySlice<Fix>] {
        let starts = segmentStarts
        return starts.indices.map { k in
            fixes[starts[k]..<(k + 1 < starts.count ? starts[k + 1] : fixes.count)]
        }
    }
}
