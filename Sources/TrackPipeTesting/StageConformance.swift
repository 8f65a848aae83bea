import Foundation
import TrackPipe

/// The checks every stage must pass, run by the test suite on every registered stage (so a new stage gets
/// them for free) and usable by plugin authors on theirs:
///
/// - it builds with its default parameters;
/// - it does not throw on valid input (an empty track, a one-fix track, real recordings);
/// - kept + dropped = read, each fix accounted for exactly once;
/// - drop indices point at input fixes;
/// - its output is deterministic (two runs, same result);
/// - a causal stage gives the same result live (fix by fix) as offline;
/// - what it declares in `StageDescriptor.guarantees` holds.
public enum StageConformance {
    /// One failed check.
    public struct Failure: Sendable, Hashable, CustomStringConvertible {
        public var stage: String
        public var track: String
        public var check: String
        public var detail: String
        public var description: String { "\(stage) on \(track): \(check): \(detail)" }
    }

    /// Runs every check of `type` (built with its defaults) on each named track.
    public static func check(_ type: any Stage.Type, on tracks: [(name: String, track: Track)]) -> [Failure] {
        let name = type.descriptor.name
        let stage: any Stage
        do {
            stage = try type.init(parameters: StageParameters.defaults(for: type.descriptor))
        } catch {
            return [Failure(stage: name, track: "-", check: "builds with defaults", detail: "\(error)")]
        }
        var failures: [Failure] = []
        for (trackName, track) in tracks {
            func fail(_ check: String, _ detail: String) {
                failures.append(Failure(stage: name, track: trackName, check: check, detail: detail))
            }
            let input = StageInput(track: track, context: StageContext(label: name, activity: track.activity, trackName: track.name))
            let first: StageOutput, second: StageOutput
            do {
                first = try stage.run(input)
                second = try stage.run(input)
            } catch {
                fail("no throw on valid input", "\(error)")
                continue
            }
            do {
                try PipelineAccounting.check(input: track.fixes, output: first, stage: name)
            } catch {
                fail("kept + dropped = read", "\(error)")
            }
            if first.kept != second.kept || first.dropped != second.dropped || first.changed != second.changed {
                fail("deterministic", "two runs on the same input differ")
            }
            let g = type.descriptor.guarantees
            if g.contains(.preservesOrder) {
                let order = Dictionary(track.fixes.enumerated().map { ($1.sourceIndex, $0) }, uniquingKeysWith: { a, _ in a })
                let positions = first.kept.compactMap { order[$0.sourceIndex] }
                if positions != positions.sorted() { fail("preserves order", "kept fixes are reordered") }
            }
            if g.contains(.strictlyIncreasingTime) {
                let times = first.kept.compactMap(\.time)
                if zip(times, times.dropFirst()).contains(where: { $0 >= $1 }) {
                    fail("strictly increasing time", "kept fix times do not strictly increase")
                }
            }
            if g.contains(.preservesPositions) {
                let original = Dictionary(track.fixes.map { ($0.sourceIndex, $0) }, uniquingKeysWith: { a, _ in a })
                let moved = first.kept.contains { kept in
                    guard let o = original[kept.sourceIndex] else { return true }
                    return o.latitude != kept.latitude || o.longitude != kept.longitude || o.time != kept.time
                }
                if moved {
                    fail("preserves positions", "a kept fix was moved or re-timed")
                }
            }
            if g.contains(.measuresOnly) {
                if first.kept != track.fixes || !first.dropped.isEmpty || !first.changed.isEmpty || !first.made.isEmpty {
                    fail("measures only", "a fix was dropped, changed or made, or kept differently from how it came in")
                }
                // What the stages before it left must not change what it says: run it again after a stranger.
                var seen = input
                seen.annotations[ConformanceProbeKey.self] = "from an earlier stage"
                seen.summary = [SummaryItem(key: "conformance-probe", label: "Probe", value: 1, unit: .count, stage: "probe")]
                if let other = try? stage.run(seen),
                   other.kept != first.kept || other.events != first.events || other.summary != first.summary
                    || other.annotations.names != first.annotations.names
                    || encoded(other.annotations) != encoded(first.annotations) {
                    fail("measures only", "its output depends on the annotations or summary of earlier stages")
                }
            }
            if let streaming = stage as? any StreamingStage {
                do {
                    var processor = try streaming.makeProcessor(context: StageContext(label: name, activity: track.activity, isLive: true))
                    var out = StageEmitter(label: name)
                    var kept: [Fix] = [], dropped: [Drop] = []
                    for fix in track.fixes {
                        try processor.push(fix, into: &out)
                        let d = out.drain()
                        kept += d.kept
                        dropped += d.dropped
                    }
                    try processor.finish(into: &out)
                    let d = out.drain()
                    kept += d.kept
                    dropped += d.dropped
                    if kept != first.kept || dropped != first.dropped { fail("live equals offline", "fix-by-fix run differs from whole-track run") }
                } catch {
                    fail("live run", "\(error)")
                }
            }
        }
        return failures
    }

    /// An annotation no stage knows, put in the input to see that a stage which only measures ignores it.
    private enum ConformanceProbeKey: AnnotationKey {
        typealias Value = String
        static let name = "conformance-probe"
    }

    /// The annotations as JSON with sorted keys, for comparing two outputs' (they are not otherwise comparable).
    private static func encoded(_ annotations: Annotations) -> Data? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try? encoder.encode(annotations)
    }
}
