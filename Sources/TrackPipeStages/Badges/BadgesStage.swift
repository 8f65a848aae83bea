import TrackPipe

/// `badges`: which distance badges this run earns, and where. Keeps every fix.
///
/// It measures the run itself with `DistanceAccumulator` (the `distance` stage's rules and parameters), so it
/// works live, fix by fix, without waiting for another stage. A badge is earned when the cumulative distance
/// goes strictly past its distance; its checkpoint is the point where the distance equalled it, interpolated
/// between the two fixes of the step that went past.
///
/// The catalog is not a spec parameter: ``init(parameters:)`` (what a registry and spec use) takes
/// ``BadgeCatalog/default``; a host with its own catalog (the CLI's `--badges FILE`) builds the stage with
/// ``init(parameters:catalog:)``. That keeps file reading out of the stages and the spec a pure description.
public struct BadgesStage: StreamingStage {
    /// Summary keys this stage owns.
    public enum SummaryKey {
        public static let earned = "badges-earned"
        public static let bestDistance = "best-badge-distance"
        public static let nextDistance = "next-badge-distance"
        public static let nextRemaining = "next-badge-remaining"
    }

    public static let descriptor = StageDescriptor(
        name: "badges",
        summary: "Distance badges earned on this run, with the checkpoint where each was crossed.",
        discussion: """
            Keeps every fix. Measures distance as the `distance` stage does (same parameters: give both the \
            same values). A run earns a badge when its distance is strictly greater than the badge's. \
            Publishes the annotation `badges` (best badge earned, next badge and distance remaining, a \
            checkpoint per badge earned: position, time and moving time interpolated at the crossing, and the \
            average moving pace since the previous checkpoint) and the summary figures badges-earned, \
            best-badge-distance, next-badge-distance and next-badge-remaining (m). Events: `badge-earned` \
            (fields name, badge-distance, latitude, longitude, moving-time, stretch-pace s/m when known, \
            image-name) at each crossing, live and offline; live only, `badge-status` (fields distance, \
            earned, next, next-distance, remaining; no next fields after the last badge) on the first fix, \
            after each badge earned and each time the distance passes a multiple of `status-interval`, and at \
            the end. The catalog is the built-in one (0 m to the marathon) unless the host supplies another \
            (`--badges FILE` on run, stream and badges).
            """,
        parameters: DistanceParameters.specs + [
            .number("status-interval", unit: .metres, default: 100, range: .positive,
                    help: "Live only: a `badge-status` event is emitted each time the distance passes a multiple of "
                        + "this (and on each badge earned). 100 m updates a runner's display every ~30 s without "
                        + "flooding the stream."),
        ],
        guarantees: [.preservesOrder, .preservesPositions, .measuresOnly])

    public let distance: DistanceParameters
    public let statusInterval: Double
    public let catalog: BadgeCatalog

    public init(parameters: StageParameters) throws {
        try self.init(parameters: parameters, catalog: .default)
    }

    /// The stage with a host-supplied catalog (e.g. loaded from `--badges FILE`).
    public init(parameters: StageParameters, catalog: BadgeCatalog) throws {
        distance = try DistanceParameters(parameters)
        statusInterval = try parameters.number("status-interval")
        self.catalog = catalog
    }

    public init(catalog: BadgeCatalog = .default, distance: DistanceParameters = DistanceParameters(), statusInterval: Double = 100) {
        self.catalog = catalog
        self.distance = distance
        self.statusInterval = statusInterval
    }

    public func makeProcessor(context: StageContext) throws -> any FixProcessor {
        Processor(accumulator: distance.accumulator(for: context.activity), catalog: catalog, settings: distance,
                  statusInterval: statusInterval > 0 && statusInterval.isFinite ? statusInterval : 100, live: context.isLive)
    }

    struct Processor: FixProcessor {
        var accumulator: DistanceAccumulator
        let catalog: BadgeCatalog
        let settings: DistanceParameters
        let statusInterval: Double
        let live: Bool
        /// Index in the catalog of the next badge to earn.
        var nextIndex = 0
        var checkpoints: [BadgeCheckpoint] = []
        /// Status intervals passed when the last status was emitted (-1 before the first).
        var statusBucket = -1

        mutating func push(_ fix: Fix, into out: inout StageEmitter) throws {
            // The step's figures, and its fixes only where a badge's distance falls inside it.
            let step = accumulator.measureStep(to: fix)
            var earnedNow = false
            while nextIndex < catalog.badges.count,
                  let c = accumulator.crossing(step, to: fix, atDistance: catalog.badges[nextIndex].distance) {
                let badge = catalog.badges[nextIndex]
                let previous = checkpoints.last?.crossing
                let checkpoint = BadgeCheckpoint(badge: badge, crossing: c, stretchStartDistance: previous?.distance ?? 0,
                                                 stretchMovingTime: c.movingTime - (previous?.movingTime ?? 0))
                checkpoints.append(checkpoint)
                nextIndex += 1
                earnedNow = true
                var fields: [String: JSONValue] = [
                    "name": .string(badge.name), "badge-distance": .number(badge.distance),
                    "latitude": .number(c.point.latitude), "longitude": .number(c.point.longitude),
                    "moving-time": .number(c.movingTime), "image-name": .string(badge.imageName),
                ]
                if let p = checkpoint.stretchPace { fields["stretch-pace"] = .number(p) }
                out.emit("badge-earned", time: c.time, sourceIndex: fix.sourceIndex, fields: fields)
            }
            accumulator.commit(fix, step)
            out.keep(fix)
            if earnedNow { summarizeEarned(into: &out) }
            guard live else { return }
            let bucket = Int(min(accumulator.distance / statusInterval, Double(Int.max / 2)))
            if earnedNow || bucket > statusBucket {
                statusBucket = bucket
                emitStatus(time: fix.time, sourceIndex: fix.sourceIndex, into: &out)
            }
        }

        mutating func finish(into out: inout StageEmitter) throws {
            summarizeEarned(into: &out)
            if nextIndex < catalog.badges.count {
                let next = catalog.badges[nextIndex]
                out.summarize(SummaryKey.nextDistance, label: "Next badge (\(next.name))", value: next.distance, unit: .metres)
                out.summarize(SummaryKey.nextRemaining, label: "Distance to next badge", value: next.distance - accumulator.distance, unit: .metres)
            }
            let d = accumulator.distance
            out.annotate(BadgesKey.self, BadgeRunReport(
                distance: d, best: checkpoints.last?.badge, next: nextIndex < catalog.badges.count ? catalog.badges[nextIndex] : nil,
                checkpoints: checkpoints, formula: settings.formula, threeDimensional: settings.threeDimensional,
                catalogSize: catalog.badges.count))
            if live { emitStatus(time: accumulator.previous?.time, sourceIndex: accumulator.previous?.sourceIndex, into: &out) }
        }

        /// Badges earned and the best so far (updated live as they change; the next-badge figures, which change
        /// with every metre, are summarized at the end — live, `badge-status` events carry them).
        private func summarizeEarned(into out: inout StageEmitter) {
            out.summarize(SummaryKey.earned, label: "Badges earned", value: Double(checkpoints.count), unit: .none)
            if let best = checkpoints.last?.badge {
                out.summarize(SummaryKey.bestDistance, label: "Best badge (\(best.name))", value: best.distance, unit: .metres)
            }
        }

        private func emitStatus(time: Double?, sourceIndex: Int?, into out: inout StageEmitter) {
            var fields: [String: JSONValue] = [
                "distance": .number(accumulator.distance), "earned": .number(Double(checkpoints.count)),
            ]
            if nextIndex < catalog.badges.count {
                let next = catalog.badges[nextIndex]
                fields["next"] = .string(next.name)
                fields["next-distance"] = .number(next.distance)
                fields["remaining"] = .number(next.distance - accumulator.distance)
            }
            out.emit("badge-status", time: time, sourceIndex: sourceIndex, fields: fields)
        }
    }
}
