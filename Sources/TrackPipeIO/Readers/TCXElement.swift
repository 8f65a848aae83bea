/// The TCX element names the reader acts on, matched on the local name only (so `ns3:Speed` and `Speed` are
/// the same), classified without allocating.
enum TCXElement: UInt8 {
    case other
    case trainingCenterDatabase, activity, lap, track, trackpoint, course
    case id, name
    case time, position, latitudeDegrees, longitudeDegrees, altitudeMeters, distanceMeters, heartRateBpm, value
    case cadence, runCadence, speed

    /// Classifies a NUL-terminated local name.
    static func classify(_ p: UnsafePointer<UInt8>) -> TCXElement {
        let name = XMLLocalName(p)
        @inline(__always) func eq(_ s: StaticString) -> Bool { name.is(s) }
        switch name.count {
        case 2: if eq("Id") { return .id }
        case 3: if eq("Lap") { return .lap }
        case 4:
            if eq("Time") { return .time }
            if eq("Name") { return .name }
        case 5:
            if eq("Track") { return .track }
            if eq("Value") { return .value }
            if eq("Speed") { return .speed }
        case 6: if eq("Course") { return .course }
        case 7: if eq("Cadence") { return .cadence }
        case 8:
            if eq("Activity") { return .activity }
            if eq("Position") { return .position }
        case 10:
            if eq("Trackpoint") { return .trackpoint }
            if eq("RunCadence") { return .runCadence }
        case 12: if eq("HeartRateBpm") { return .heartRateBpm }
        case 14:
            if eq("AltitudeMeters") { return .altitudeMeters }
            if eq("DistanceMeters") { return .distanceMeters }
        case 15: if eq("LatitudeDegrees") { return .latitudeDegrees }
        case 16: if eq("LongitudeDegrees") { return .longitudeDegrees }
        case 22: if eq("TrainingCenterDatabase") { return .trainingCenterDatabase }
        default: break
        }
        return .other
    }

    /// The element's name in messages.
    var label: String {
        switch self {
        case .other: return "other"
        case .trainingCenterDatabase: return "TrainingCenterDatabase"
        case .activity: return "Activity"
        case .lap: return "Lap"
        case .track: return "Track"
        case .trackpoint: return "Trackpoint"
        case .course: return "Course"
        case .id: return "Id"
        case .name: return "Name"
        case .time: return "Time"
        case .position: return "Position"
        case .latitudeDegrees: return "LatitudeDegrees"
        case .longitudeDegrees: return "LongitudeDegrees"
        case .altitudeMeters: return "AltitudeMeters"
        case .distanceMeters: return "DistanceMeters"
        case .heartRateBpm: return "HeartRateBpm"
        case .value: return "Value"
        case .cadence: return "Cadence"
        case .runCadence: return "RunCadence"
        case .speed: return "Speed"
        }
    }
}
