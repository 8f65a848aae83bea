/// Which time a run's average speed is measured over when badges compare runs (silver, gold, best).
///
/// - `moving` (the default): distance ÷ moving time, pauses excluded. Two runs of a route are then compared on
///   how fast the runner ran, not on how long the lights were red — the comparison auto-pause exists for.
/// - `elapsed`: distance ÷ elapsed time, start to finish, as the MoonRunner app compares runs (it had no
///   auto-pause, so for its runs the two were the same).
///
/// Either way a run with no moving time falls back to its elapsed time, and one with no elapsed time to its
/// moving time, so a track without pause detection compares the same under both.
public enum SpeedBasis: String, Sendable, Hashable, Codable, CaseIterable {
    case moving
    case elapsed
}
