/// How `auto-pause` judges a fix during a confirmed pause.
enum PausePlace: Sendable, Hashable {
    /// Region rule: within `radius` of the pause's centroid and not moving against the fixes of the last
    /// `edge-window` seconds; speed rule: reached slowly. The runner is standing.
    case standing
    /// Region rule: within `radius` but moving (see `AutoPauseStage` `edge-window`) — the walk-out
    /// has perhaps begun; held until the exit is decided.
    case departing
    /// Beyond `radius` (or reached fast): `resumeFixes` of these in a row end the pause.
    case beyond
}
