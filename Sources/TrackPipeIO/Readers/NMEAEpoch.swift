import TrackPipe

/// The sentences of one receiver epoch (same UTC time of day), merged before becoming one fix.
struct NMEAEpoch {
    /// Record index (see ``NMEAReader``) and where the epoch's first sentence is.
    var sourceIndex: Int
    var line: Int
    /// The raw `hhmmss.ss` field that identifies the epoch, and its value in seconds of the day.
    var timeKey: String
    var secondsOfDay: Double?
    /// Days since 1970 from RMC, when the epoch had one.
    var day: Int?
    var latitude: Double?
    var longitude: Double?
    /// Why the position fields, present but malformed, could not be read.
    var coordinateProblem: String?
    var altitude: Double?
    var ggaQuality: Int?
    var rmcValid: Bool?
    var rmcMode: Character?
    var gsaFixType: Int?
    var satellites: Int?
    var hdop: Double?
    var vdop: Double?
    var pdop: Double?
    var speed: Double?
    var course: Double?

    /// The fix quality from GGA's quality indicator, else RMC's mode indicator (NMEA 2.3+).
    var fixQuality: FixQuality? {
        if let q = ggaQuality {
            switch q {
            case 0: return FixQuality.none
            case 1: return gsaFixType == 2 ? .twoD : .threeD
            case 2: return .dgps
            case 3: return .pps
            case 4: return .rtkFixed
            case 5: return .rtkFloat
            case 6: return .estimated
            default: return FixQuality.none  // 7 manual input, 8 simulator: not measurements
            }
        }
        switch rmcMode {
        case "A": return .threeD
        case "D": return .dgps
        case "R": return .rtkFixed
        case "F": return .rtkFloat
        case "E": return .estimated
        case "N", "M", "S": return FixQuality.none
        default: return rmcValid == false ? FixQuality.none : nil
        }
    }

    /// True when the receiver said the position is not valid (GGA quality 0/7/8, RMC status V).
    var markedInvalid: Bool { fixQuality == FixQuality.none || rmcValid == false }
}
