import TrackPipe

/// `fix-age`: drops a fix that was already old when it reached the app — MoonRunner's gate: a location service
/// hands out cached fixes, and one more than 10 s old when it arrives describes where the runner was, not where
/// they are. A fix's age is `received − time` (`Fix.received`: `received` in the stream input, an optional column
/// offline). Causal.
public struct FixAgeStage: StreamingStage {
    public static let descriptor = StageDescriptor(
        name: "fix-age",
        summary: "Drop fixes older than max-age seconds when they arrived (received − time).",
        discussion: """
            MoonRunner's gate. A fix's age on arrival is its received time minus its time; a fix older than \
            max-age is dropped (rule stale, measured the age; exactly at the limit is kept). Fixes without a \
            received time or a time are kept: there is nothing to judge. A negative age (received before its \
            time: the two clocks disagree) is kept and not judged either. Causal.
            """,
        parameters: [
            .number("max-age", unit: .seconds, default: 10, range: .positive,
                    help: "Oldest a fix may be when it arrives, seconds. Default 10 s, MoonRunner's limit: a phone's cached fix can be minutes old, while a fresh fix arrives within about a second."),
        ],
        guarantees: [.preservesOrder, .preservesPositions])

    /// Seconds.
    public var maximumAge: Double

    public init(parameters: StageParameters) throws {
        maximumAge = try parameters.number("max-age")
    }

    public func makeProcessor(context: StageContext) throws -> any FixProcessor { Processor(maximumAge: maximumAge) }

    struct Processor: FixProcessor {
        let maximumAge: Double

        mutating func push(_ fix: Fix, into out: inout StageEmitter) throws {
            if let received = fix.received, let time = fix.time, received - time > maximumAge {
                out.drop(fix, rule: "stale", measured: received - time, threshold: maximumAge, unit: .seconds)
            } else {
                out.keep(fix)
            }
        }

        mutating func finish(into out: inout StageEmitter) throws {}
    }
}
