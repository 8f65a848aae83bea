/// The figures a live display shows beside each accepted fix, as MoonRunner updates distance, time and pace every
/// second: cumulative distance and moving time by a ``DistanceAccumulator``'s rules, and the current pace over the
/// last ``paceWindow`` seconds of moving time. Causal and O(1) amortised per fix; it never changes a figure it has
/// given.
public struct LiveFigures: Sendable {
    /// The figures after one fix.
    public struct Figures: Sendable, Hashable {
        /// Cumulative distance, metres.
        public var distance: Double
        /// Cumulative moving time, seconds; `nil` while the fixes have no times.
        public var movingTime: Double?
        /// Moving time ÷ distance over the last ``LiveFigures/paceWindow`` seconds of moving time (since the start
        /// while less has passed), seconds per metre; `nil` until some distance has been covered in moving time.
        public var pace: Double?
    }

    /// Seconds of moving time the current pace is taken over (default 30: long enough to smooth a few metres of
    /// GPS error at a running pace, short enough to show a surge within half a minute).
    public let paceWindow: Double
    private var accumulator: DistanceAccumulator
    /// (moving time, distance) after each timed fix; entries before `head` have left the window.
    private var history: [(moving: Double, distance: Double)] = []
    private var head = 0

    public init(accumulator: DistanceAccumulator = DistanceAccumulator(), paceWindow: Double = 30) {
        self.accumulator = accumulator
        self.paceWindow = paceWindow.isFinite && paceWindow > 0 ? paceWindow : 30
    }

    /// Adds the next accepted fix and returns the figures after it.
    public mutating func add(_ fix: Fix) -> Figures {
        accumulator.advance(fix)
        let distance = accumulator.distance
        guard accumulator.elapsedTime != nil else { return Figures(distance: distance, movingTime: nil, pace: nil) }
        let moving = accumulator.movingTime
        history.append((moving, distance))
        // Keep the last entry at or before the window's start as the base.
        while head + 1 < history.count, history[head + 1].moving <= moving - paceWindow { head += 1 }
        if head > 1024, head * 2 > history.count {
            history.removeFirst(head)
            head = 0
        }
        let base = history[head]
        let dt = moving - base.moving, dd = distance - base.distance
        return Figures(distance: distance, movingTime: moving, pace: dt > 0 && dd > 0 ? dt / dd : nil)
    }
}
