import TrackPipe

/// Why a simulation could not run.
public enum SimulationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A parameter is out of range (the sentence says which and why).
    case invalidParameters(String)

    public var description: String {
        switch self {
        case .invalidParameters(let why): return "invalid simulation parameters: \(why)"
        }
    }
}
