import TrackPipe

/// An example third-party stage, built only on the public TrackPipe API: drops a fix that lies closer than
/// `min-step` metres to the last kept fix — the thinning GPSBabel's position filter does, useful before
/// exporting to a device with a point limit.
///
/// Register it beside the built-ins and name it in a spec like any other stage:
///
///     var registry = try StageRegistry.builtIn()
///     try registry.register(MinimumStepStage.self)
///     // {"version": 1, "stages": [{"stage": "min-step", "min-step": 5}]}
public struct MinimumStepStage: StreamingStage {
    public static let descriptor = StageDescriptor(
        name: "min-step",
        summary: "Drop fixes closer than a minimum step to the last kept fix (thinning).",
        discussion: "Keeps the first fix of every segment; afterwards keeps a fix only when it is at least min-step metres from the last kept fix, measured with the default distance formula.",
        parameters: [
            .number("min-step", unit: .metres, default: 5, range: .nonNegative,
                    help: "Smallest step kept, metres. Default 5 m: below a phone's typical accuracy, so real movement is never thinned away."),
        ]
    )

    public let minimumStep: Double

    public init(parameters: StageParameters) throws {
        minimumStep = try parameters.number("min-step")
    }

    public func makeProcessor(context: StageContext) throws -> any FixProcessor {
        Processor(minimumStep: minimumStep)
    }

    struct Processor: FixProcessor {
        let minimumStep: Double
        var last: Fix?

        mutating func push(_ fix: Fix, into out: inout StageEmitter) throws {
            if let last, last.segment == fix.segment {
                let step = Geodesy.distance(last.point, fix.point)
                if step < minimumStep {
                    out.drop(fix, rule: "min-step", measured: step, threshold: minimumStep, unit: .metres)
                    return
                }
            }
            last = fix
            out.keep(fix)
        }

        mutating func finish(into out: inout StageEmitter) throws {}
    }
}
