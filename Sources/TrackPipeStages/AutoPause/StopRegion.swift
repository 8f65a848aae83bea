import TrackPipe

/// The circle `auto-pause`'s region rule tests against: centred on the **centroid** of the fixes seen in it, in
/// a local east/north frame about its first fix (or, for a candidate among held fixes, the frame they were
/// projected into: ``init(sameFrameAs:)``). The centroid rather than the first fix, because a standing
/// phone's fixes scatter independently around the true spot: measured distances to one noisy fix scatter √2
/// times wider than distances to the mean. On the reference run an anchor-centred circle (10 m, 10 s) found
/// 69 % of the stopped fixes, a centroid-centred one 85 % at the same size.
struct StopRegion: Sendable {
    /// Local frame about the first fix (or the frame of ``init(sameFrameAs:)``); `nil` within 1° of a pole, where
    /// distances to the first fix are used.
    private let projection: LocalProjection?
    private let origin: GeoPoint
    private var sumEast = 0.0, sumNorth = 0.0
    private(set) var count = 0
    /// Bounding box of the offsets added, metres; `boundsUsable` false once one was not finite.
    private var minEast = Double.infinity, maxEast = -Double.infinity
    private var minNorth = Double.infinity, maxNorth = -Double.infinity
    private var boundsUsable = true

    init(first: Fix) {
        origin = first.point
        projection = try? LocalProjection(reference: first.point)
        add(first)
    }

    /// An empty circle in `other`'s frame, for fixes already projected into it (``add(offset:)``): a candidate
    /// circle of `auto-pause`'s held fixes, whose offsets were worked out once in the held fixes' frame.
    init(sameFrameAs other: StopRegion) {
        origin = other.origin
        projection = other.projection
    }

    /// Takes the sums, count and bounds of `other`, a region in this one's frame (made by ``init(sameFrameAs:)``
    /// from it), as its own: the region `other` is, assigned in place of the whole (145 bytes, copied twice on the way
    /// into an optional).
    mutating func takeFigures(of other: StopRegion) {
        sumEast = other.sumEast
        sumNorth = other.sumNorth
        count = other.count
        minEast = other.minEast
        maxEast = other.maxEast
        minNorth = other.minNorth
        maxNorth = other.maxNorth
        boundsUsable = other.boundsUsable
    }

    private func offset(_ p: GeoPoint) -> (east: Double, north: Double) {
        guard let projection else { return (0, 0) }
        return projection.project(p)
    }

    /// False within 1° of a pole, where the region measures straight distances to its first fix.
    var hasFrame: Bool { projection != nil }

    /// `fix`'s east/north offset from the first fix, metres, in this region's frame (what ``add(_:)`` adds).
    func offset(of fix: Fix) -> (east: Double, north: Double) { offset(fix.point) }

    /// ``offset(of:)`` when the region has a frame, `nil` near a pole (where offsets are not used).
    func frameOffset(of fix: Fix) -> (east: Double, north: Double)? {
        guard let projection else { return nil }
        return projection.project(fix.point)
    }

    mutating func add(_ fix: Fix) {
        add(offset: offset(fix.point))
    }

    /// Adds a fix by its ``offset(of:)``, so a caller that keeps the offsets projects each fix once.
    mutating func add(offset o: (east: Double, north: Double)) {
        sumEast += o.east
        sumNorth += o.north
        count += 1
        if o.east.isFinite, o.north.isFinite {
            minEast = min(minEast, o.east)
            maxEast = max(maxEast, o.east)
            minNorth = min(minNorth, o.north)
            maxNorth = max(maxNorth, o.north)
        } else {
            boundsUsable = false
        }
    }

    /// Distance, metres, from `fix` to the centroid of the fixes added so far.
    func distanceToCentroid(_ fix: Fix) -> Double {
        guard projection != nil, count > 0 else { return Geodesy.distance(origin, fix.point) }
        return distanceToCentroid(offset: offset(fix.point))
    }

    /// With a frame: distance, metres, from the fix whose ``offset(of:)`` is `o` to the centroid — the same
    /// arithmetic as ``distanceToCentroid(_:)``, for a caller that already projected the fix.
    func distanceToCentroid(offset o: (east: Double, north: Double)) -> Double {
        let de = o.east - sumEast / Double(count), dn = o.north - sumNorth / Double(count)
        return (de * de + dn * dn).squareRoot()
    }

    /// With a frame: true when every one of `offsets` — the ``offset(of:)`` of every fix added, in order —
    /// lies within `limit` of the centroid. The same arithmetic as ``distanceToCentroid(_:)``, on offsets kept
    /// rather than re-projected and compared squared (``DistanceLimit``), so the decision is the same to the last
    /// bit.
    ///
    /// First the corner of the offsets' bounding box farthest from the centroid: when it is within `limit`, so is
    /// every offset, with no loop (rounding is monotonic, so no offset's computed distance exceeds the corner's).
    /// A moving runner's candidate circle is re-checked for every fix held and every release of an anchor: this
    /// check was a quarter of `auto-pause`'s time on the 230 000-fix end-to-end run.
    func allWithin(_ limit: DistanceLimit, offsets: some Collection<(east: Double, north: Double)>) -> Bool {
        Self.allWithin(limit, count: count, sumEast: sumEast, sumNorth: sumNorth,
                       bounds: boundsUsable ? (minEast, maxEast, minNorth, maxNorth) : nil, offsets: offsets, extra: nil)
    }

    /// ``allWithin(_:offsets:)`` for this region as it would be with one more point, `extra` (its offset in this
    /// frame), which is checked too — the sums and bounds `add(offset:)` would make, without a copy of the region
    /// to make them in.
    func allWithin(_ limit: DistanceLimit, offsets: some Collection<(east: Double, north: Double)>,
                   adding extra: (east: Double, north: Double)) -> Bool {
        let bounds = boundsUsable && extra.east.isFinite && extra.north.isFinite
            ? (min(minEast, extra.east), max(maxEast, extra.east), min(minNorth, extra.north), max(maxNorth, extra.north))
            : nil
        return Self.allWithin(limit, count: count + 1, sumEast: sumEast + extra.east, sumNorth: sumNorth + extra.north,
                              bounds: bounds, offsets: offsets, extra: extra)
    }

    /// The check of both: `count` points with these sums and (when usable) bounds — `offsets`, then `extra`.
    @inline(__always)
    private static func allWithin(
        _ limit: DistanceLimit, count: Int, sumEast: Double, sumNorth: Double,
        bounds: (minEast: Double, maxEast: Double, minNorth: Double, maxNorth: Double)?,
        offsets: some Collection<(east: Double, north: Double)>, extra: (east: Double, north: Double)?
    ) -> Bool {
        let n = Double(count)
        let ce = sumEast / n, cn = sumNorth / n
        if let b = bounds, count > 0 {
            let de = max(abs(b.minEast - ce), abs(b.maxEast - ce)), dn = max(abs(b.minNorth - cn), abs(b.maxNorth - cn))
            if limit.admits(squaredDistance: de * de + dn * dn) { return true }
        }
        for o in offsets {
            let de = o.east - ce, dn = o.north - cn
            if !limit.admits(squaredDistance: de * de + dn * dn) { return false }
        }
        guard let o = extra else { return true }
        let de = o.east - ce, dn = o.north - cn
        return limit.admits(squaredDistance: de * de + dn * dn)
    }

    /// True when every one of `fixes` lies within `radius` metres of their common centroid.
    static func allWithin(_ radius: Double, _ fixes: [Fix]) -> Bool {
        guard let first = fixes.first else { return true }
        var region = StopRegion(first: first)
        for f in fixes.dropFirst() { region.add(f) }
        return fixes.allSatisfy { region.distanceToCentroid($0) <= radius }
    }
}
