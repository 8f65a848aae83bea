import TrackPipe

/// Starts new segments inside a track: every kept fix after a break gets its segment number raised by the number
/// of breaks so far (recorded as a change; positions never move). Numbers stay distinct and in order, since input
/// segments never decrease along a track. Used by the stages that cut a track (`split-track`, `privacy-zones`).
struct SegmentRenumbering {
    private(set) var breaks = 0

    /// Keeps `fix`, starting a new segment before it when `breakBefore`.
    mutating func keep(_ fix: Fix, breakBefore: Bool, into out: inout StageEmitter) {
        if breakBefore { breaks += 1 }
        guard breaks > 0 else {
            out.keep(fix)
            return
        }
        var moved = fix
        let (segment, overflow) = fix.segment.addingReportingOverflow(breaks)
        moved.segment = overflow ? Int.max : segment
        out.keep(moved, changedFrom: fix)
    }
}
