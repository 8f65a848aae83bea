import TrackPipe

/// The length of a track's path in metres: the sum of the steps between consecutive fixes of one segment, with the
/// default distance formula. No pause, accuracy or speed rule applies — this is the line as drawn, which is what a
/// thinning stage changes. The thinning stages measure it before and after and report the difference.
struct PathLength {
    /// Metres so far.
    private(set) var metres = 0.0
    private var last: Fix?

    /// Adds the step from the previous fix of the same segment to `fix`.
    mutating func add(_ fix: Fix) {
        if let last, last.segment == fix.segment {
            metres += Geodesy.distance(last.point, fix.point)
        }
        last = fix
    }

    /// The path length of `fixes`, in metres.
    static func of<C: Sequence>(_ fixes: C) -> Double where C.Element == Fix {
        var length = PathLength()
        for fix in fixes { length.add(fix) }
        return length.metres
    }
}

extension StageEmitter {
    /// Publishes how much a thinning stage changed the path length (metres, negative when shorter) under `key`.
    mutating func summarizeLengthChange(key: String, stage: String, before: Double, after: Double) {
        summarize(key, label: "Path length change (\(stage))", value: after - before, unit: .metres)
    }
}
