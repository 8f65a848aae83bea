/// "At most `radius` metres away", decided on the squared distance: `d² <= squared` gives exactly the answer of
/// `d².squareRoot() <= radius`, without the square root. The square root is correctly rounded and so monotonic:
/// the squared distances whose root is at most `radius` are exactly those up to one largest value, `squared`.
/// `auto-pause` asks this for every held fix against every candidate circle, and the square root's latency was
/// most of that check's time.
struct DistanceLimit: Sendable {
    /// The distance, metres.
    let radius: Double
    /// The largest squared distance, m², whose square root is at most ``radius`` (+∞ for an infinite radius; below
    /// 0 for a negative or NaN one, which nothing is within).
    let squared: Double

    init(_ radius: Double) {
        self.radius = radius
        guard radius >= 0 else {
            squared = -1
            return
        }
        guard radius.isFinite else {
            squared = .infinity
            return
        }
        // radius² is within an ulp or two of the answer: step down while its root is too long, up while the next
        // one's still fits.
        var limit = radius * radius
        while limit > 0, !(limit.squareRoot() <= radius) { limit = limit.nextDown }
        while limit.nextUp.isFinite, limit.nextUp.squareRoot() <= radius { limit = limit.nextUp }
        squared = limit
    }

    /// True when a point `squaredDistance` m² away is within ``radius``: false for NaN, as the square root's
    /// comparison is.
    @inline(__always)
    func admits(squaredDistance: Double) -> Bool { squaredDistance <= squared }
}
