import TrackPipe

/// What the simulator did to a fix beyond the everyday error — the label a filter's drops are scored against.
public enum AnomalyKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// An ordinary fix (everyday time-correlated error only).
    case none
    /// A fix of the receiver's warm-up: large error and large reported accuracy.
    case warmUp = "warm-up"
    /// A fix inside a multipath burst: pulled aside by a reflection, accuracy under-reported.
    case multipath
    /// A superman jump: hundreds of metres off with an ordinary accuracy.
    case jump
    /// A cell-tower or Wi-Fi fix: large error, large accuracy, invalid vertical accuracy.
    case cellFix = "cell-fix"
    /// A record written after the next one: its time is earlier than the previous record's.
    case outOfOrder = "out-of-order"
    /// A fix stamped with the previous fix's time.
    case duplicateTime = "duplicate-time"
    /// The first fix after a jump of the system clock.
    case clockJump = "clock-jump"

    /// The kinds that are anomalies (all but ``none``).
    public static var anomalies: [AnomalyKind] { allCases.filter { $0 != .none } }
}
