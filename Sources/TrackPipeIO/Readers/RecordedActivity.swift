import TrackPipe

/// What an activity file from a watch or bike computer (FIT, TCX) holds beyond the fixes: the device's own
/// measurements, kept so they can be compared with what a pipeline makes of the fixes.
public struct RecordedActivity: Sendable, Hashable {
    /// The track: one fix per record (FIT `record` message, TCX `Trackpoint`) with a position, one rejected record
    /// per record without.
    public var track: Track
    /// The device's cumulative distance at each record (metres), by source index; `nil` where the record has
    /// none. Most devices measure it from Doppler speed or a wheel sensor, not from positions.
    public var recordDistances: [Double?]
    /// The device's total distance (metres): FIT's `session` message, or the sum of a TCX file's laps.
    public var sessionDistance: Double?
    /// The intervals the device's timer was stopped (Unix seconds, UTC; FIT only): from a timer `stop` event to the next
    /// `start`. A stop that is never followed by a start ends the activity and is not a pause. These are the
    /// device's own auto-pause (or the user's button), usable as ground truth for auto-pause.
    public var timerPauses: [ClosedRange<Double>]
    /// True when the file records the device's timer (FIT timer events): then ``timerPauses`` is the whole
    /// story, and an empty list means the timer ran throughout. False for files that cannot say (TCX, GPX, …).
    public var recordsTimer: Bool

    public init(track: Track, recordDistances: [Double?] = [], sessionDistance: Double? = nil,
                timerPauses: [ClosedRange<Double>] = [], recordsTimer: Bool = false) {
        self.track = track
        self.recordDistances = recordDistances
        self.sessionDistance = sessionDistance
        self.timerPauses = timerPauses
        self.recordsTimer = recordsTimer || !timerPauses.isEmpty
    }
}
