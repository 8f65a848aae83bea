import Foundation
import Testing
import TrackPipe
import TrackPipeTesting
@testable import TrackPipeStages

/// Parameter sweeps on the reference run, printed for choosing defaults (the figures in /work/notes/filters.md).
/// Enabled with TRACKPIPE_SWEEP=1; the asserted figures for the chosen defaults are in each stage's tests.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["TRACKPIPE_SWEEP"] == "1"))
struct FilterMeasurementSweep {
    func run<S: Stage>(_ type: S.Type, _ fixes: [Fix], _ p: [String: JSONValue] = [:]) throws -> StageOutput {
        try StageHarness<S>(parameters: p).run(fixes)
    }

    @Test func sweep() throws {
        let ref = try ReferenceRun.load()
        let bad = Set(ref.truth.indices.filter { ref.truth[$0].warmup || ref.truth[$0].invalid })
        for m in [10.0, 15, 16, 20, 25, 30, 31, 40] {
            let out = try run(AccuracyGateStage.self, ref.fixes, ["max-horizontal-accuracy": .number(m)])
            print("gate max \(m):", DetectionScore(predicted: Set(out.dropped.map(\.sourceIndex)), actual: bad))
        }
        let gated = try run(AccuracyGateStage.self, ref.fixes).kept
        let mono = try run(TimestampMonotonicityStage.self, gated)
        let dup = Set(ref.truth.indices.filter { ref.truth[$0].duplicate })
        let swapped = Set(ref.truth.indices.filter { ref.truth[$0].swapped })
        print("mono drops:", mono.dropped.map { "\($0.sourceIndex) \($0.rule)" })
        print("mono vs dup∪swapped:", DetectionScore(predicted: Set(mono.dropped.map(\.sourceIndex)), actual: dup.union(swapped)))
        let repaired = try run(TimestampRepairStage.self, gated)
        print("repair drops:", repaired.dropped.map { "\($0.sourceIndex) \($0.rule)" }, "events", repaired.events.count)
        let jumps = Set(ref.truth.indices.filter { ref.truth[$0].jump })
        for (label, input) in [("raw", ref.fixes), ("gated+mono", mono.kept)] {
            for speed in [5.0, 8, 12.5, 20, 50] {
                for k in [2, 3, 5] {
                    let out = try run(SupermanJumpStage.self, input, ["max-speed": .number(speed), "recovery-fixes": .number(Double(k))])
                    print("jump \(label) v\(speed) K\(k):", DetectionScore(predicted: Set(out.dropped.map(\.sourceIndex)), actual: jumps),
                          "re-anchors", out.events.count)
                }
            }
            for a in [2.0, 5, 10] {
                let out = try run(SupermanJumpStage.self, input, ["max-acceleration": .number(a)])
                print("jump \(label) accel \(a):", DetectionScore(predicted: Set(out.dropped.map(\.sourceIndex)), actual: jumps))
            }
        }
        let clean = try run(SupermanJumpStage.self, mono.kept).kept
        let stopped = Set(ref.truth.indices.filter { ref.truth[$0].speed < 0.1 })
        var truthStopped = 0.0
        for i in ref.fixes.indices.dropFirst() where stopped.contains(i) && stopped.contains(i - 1) {
            truthStopped += (ref.fixes[i].time ?? 0) - (ref.fixes[i - 1].time ?? 0)
        }
        print("truth stopped fixes \(stopped.count), stopped time \(truthStopped) s")
        for r in [12.0, 15, 20] {
            for w in [10.0, 15, 20, 25, 30] {
                let out = try run(AutoPauseStage.self, clean, ["radius": .number(r), "window": .number(w)])
                let paused = Set(out.kept.filter(\.paused).map(\.sourceIndex))
                let pausedTime = out.summary.first { $0.key == "paused-time" }?.value ?? -1
                print("pause region r\(r) w\(w):", DetectionScore(predicted: paused, actual: stopped),
                      "pauses", out.annotations[PauseIntervalsKey.self]?.count ?? -1, "paused-time", pausedTime)
            }
        }
        for v in [0.3, 0.5, 0.894, 1.2] {
            for w in [5.0, 10] {
                for deviceSpeed in [true, false] {
                    let input = deviceSpeed ? clean : clean.map { var f = $0; f.speed = nil; return f }
                    let out = try run(AutoPauseStage.self, input, ["rule": .string("speed"), "min-speed": .number(v), "window": .number(w)])
                    let paused = Set(out.kept.filter(\.paused).map(\.sourceIndex))
                    let pausedTime = out.summary.first { $0.key == "paused-time" }?.value ?? -1
                    print("pause speed v\(v) w\(w) device \(deviceSpeed):", DetectionScore(predicted: paused, actual: stopped),
                          "pauses", out.annotations[PauseIntervalsKey.self]?.count ?? -1, "paused-time", pausedTime)
                }
            }
        }
    }
}
