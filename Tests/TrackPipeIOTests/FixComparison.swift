import TrackPipe

/// Readable differences between tracks for round-trip tests: the first fix and field that differ.
enum FixComparison {
    /// `nil` when `a` and `b` hold the same fixes; otherwise where and how they first differ.
    static func firstDifference(_ a: [Fix], _ b: [Fix]) -> String? {
        guard a.count == b.count else { return "\(a.count) fixes became \(b.count)" }
        for (i, (x, y)) in zip(a, b).enumerated() where x != y {
            let mirrorX = Mirror(reflecting: x), mirrorY = Mirror(reflecting: y)
            for (cx, cy) in zip(mirrorX.children, mirrorY.children) where "\(cx.value)" != "\(cy.value)" {
                return "fix \(i): \(cx.label ?? "?") \(cx.value) became \(cy.value)"
            }
            return "fix \(i) differs"
        }
        return nil
    }
}
