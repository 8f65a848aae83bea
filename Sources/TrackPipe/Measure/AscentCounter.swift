/// Total ascent and descent with a hysteresis threshold, as GPS watches count them: an altitude change is counted
/// only once the altitude has moved `threshold` metres from the last counted level, so noise smaller than the
/// threshold adds nothing and a real climb is counted in full (from the level it started at). Optionally the
/// altitude is first averaged over a trailing `window` of seconds, which GPS-only altitude (no barometer) needs: its
/// noise wanders by metres over tens of seconds, more than any threshold that keeps real climbs. Causal, O(1)
/// amortised per fix.
///
/// Altitudes are metres, times seconds; missing or non-finite altitudes are skipped, and without times no
/// averaging is done.
public struct AscentCounter: Sendable, Hashable {
    /// Metres (≥ 0; 0 sums every change).
    public let threshold: Double
    /// Seconds of trailing average (0: none).
    public let window: Double
    /// Metres climbed and descended so far.
    public private(set) var ascent = 0.0
    public private(set) var descent = 0.0
    /// The last counted level, metres.
    private var level: Double?
    /// The averaging window: times and altitudes from `head` on, and their sum.
    private var times: [Double] = []
    private var altitudes: [Double] = []
    private var head = 0
    private var sum = 0.0

    public init(threshold: Double, window: Double = 0) {
        self.threshold = threshold
        self.window = window
    }

    public mutating func add(_ altitude: Double?, at time: Double? = nil) {
        guard let altitude, altitude.isFinite else { return }
        count(average(altitude, at: time))
    }

    /// The mean of the altitudes within the window ending at `time` (the altitude itself without a window or a time).
    private mutating func average(_ altitude: Double, at time: Double?) -> Double {
        guard window > 0, let time, time.isFinite else { return altitude }
        if let last = times.last, time < last { reset() }  // time went back: start the window again
        times.append(time)
        altitudes.append(altitude)
        sum += altitude
        // The altitude just added always stays: with a window far shorter than the time's rounding (1e-9 s at
        // 1.7e9 s since 1970), `time - window` is `time` itself, and the loop once ran past the end (a trap).
        while head < times.count - 1, times[head] <= time - window {
            sum -= altitudes[head]
            head += 1
        }
        if head > 1_024 && head * 2 > times.count {  // drop the consumed prefix now and then: O(1) amortised
            times.removeFirst(head)
            altitudes.removeFirst(head)
            head = 0
            sum = altitudes.reduce(0, +)  // and shed the rounding the running sum gathered
        }
        return sum / Double(times.count - head)
    }

    private mutating func reset() {
        times.removeAll(keepingCapacity: true)
        altitudes.removeAll(keepingCapacity: true)
        head = 0
        sum = 0
    }

    private mutating func count(_ altitude: Double) {
        guard let level else {
            self.level = altitude
            return
        }
        if altitude > level && altitude - level >= threshold {
            ascent += altitude - level
            self.level = altitude
        } else if altitude < level && level - altitude >= threshold {
            descent += level - altitude
            self.level = altitude
        }
    }
}
