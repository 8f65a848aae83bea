import TrackPipe

/// Reads Garmin Training Center XML (TCX v2) with libxml2's SAX2 parser, as Garmin Connect and Strava export it.
///
/// Each `Trackpoint` (of `Activity/Lap/Track` or `Course/Track`) is one record, numbered in file order; each
/// `Track` that holds records is a segment. Per trackpoint: `Time` (ISO 8601), `Position/LatitudeDegrees` and
/// `LongitudeDegrees`, `AltitudeMeters`, `HeartRateBpm/Value` (bpm), `Cadence` (rpm; the Activity Extension's
/// `RunCadence` when there is none), the Activity Extension's `TPX/Speed` (m/s). `DistanceMeters`, the device's
/// cumulative distance, goes to ``RecordedActivity/recordDistances``; the laps' `DistanceMeters` add up to
/// ``RecordedActivity/sessionDistance``. `Activity Sport` (Running, Biking, Other) is the activity; a course's
/// `Name` or an activity's `Id` the name.
///
/// A trackpoint without a `Position` (heart rate only, common while paused) is a rejected record `no-fix`; one
/// with an unreadable number or time, or a coordinate out of range, a rejected record with its line and column.
/// Malformed XML or a root other than `TrainingCenterDatabase` is an error with line and column. The parser reads
/// no network, DTD or external entity.
public enum TCXReader {
    public static func read(_ bytes: UnsafeBufferPointer<UInt8>, sourceName: String) throws -> Track {
        try activity(bytes, sourceName: sourceName).track
    }

    /// The track and the device's own distances.
    public static func activity(_ bytes: UnsafeBufferPointer<UInt8>, sourceName: String) throws -> RecordedActivity {
        guard !bytes.isEmpty else {
            throw TrackReadError(file: sourceName, message: "the file is empty; expected a TCX document")
        }
        let state = TCXParseState(sourceName: sourceName)
        let wellFormed = try XMLSAXParser.parse(bytes, sourceName: sourceName, handler: TCXParseState.makeHandler(),
                                                state: state) { state.ctxt = $0 }
        if let error = state.fatal { throw error }
        guard wellFormed else { throw TrackReadError(file: sourceName, message: "the XML is not well-formed") }
        guard state.sawRoot else {
            throw TrackReadError(file: sourceName, message: "no XML element found; expected a <TrainingCenterDatabase> document")
        }
        let track = Track(name: state.name, activity: state.sport.map(Activity.init(loose:)), fixes: state.fixes,
                          sourceFormat: TrackFormat.tcx.rawValue, rejected: state.rejected)
        return RecordedActivity(track: track, recordDistances: state.distances,
                                sessionDistance: state.lapDistances.isEmpty ? nil : state.lapDistances.reduce(0, +))
    }
}
