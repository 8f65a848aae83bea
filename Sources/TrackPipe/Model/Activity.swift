import Foundation

/// What the recorded person was doing. Stages pick activity-specific defaults from it
/// (a plausible top speed for a runner is not one for a car).
public enum Activity: String, Sendable, Hashable, Codable, CaseIterable {
    case running
    case walking
    case cycling
    case driving
    case other

    /// Maps the free-text activity names found in files (GPX `<type>`, Strava and Garmin exports) to a case.
    public init(loose text: String) {
        switch text.lowercased().trimmingCharacters(in: .whitespaces) {
        case "run", "running", "jog", "jogging", "trail_running", "trail running", "9": self = .running
        case "walk", "walking", "hike", "hiking": self = .walking
        case "bike", "biking", "ride", "cycling", "cycle", "bicycle", "mountain_biking", "road_biking", "1": self = .cycling
        case "drive", "driving", "car", "motor", "motorcycling", "automotive": self = .driving
        default: self = .other
        }
    }
}
