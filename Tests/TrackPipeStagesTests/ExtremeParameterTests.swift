import Foundation
import Testing
import TrackPipe
import TrackPipeStages

/// Every built-in stage with each numeric parameter at the edges of its declared range — the smallest and largest
/// values the validator admits (5e-324 for "above 0", 1e15 for "no upper bound") — runs on a hostile track (times
/// at 1.7e9 s that step back, repeat and jump; Doppler speeds with a corrupt one; altitudes; a segment change; a
/// stop) to the end, its accounting intact: a value the spec accepts must never trap. `altitude-smoothing` 1e-9 s
/// did (`AscentCounter`'s window ran past its end), found by this sweep from the command line.
@Suite struct ExtremeParameterTests {
    /// The values to try for `spec`: each admitted edge of its range and a value just inside it.
    static func edgeValues(_ spec: ParameterSpec) -> [Double] {
        let range = spec.range ?? ParameterRange(lower: nil, upper: nil)
        let integer: Bool
        switch spec.kind {
        case .number: integer = false
        case .integer: integer = true
        default: return []
        }
        var values: [Double] = []
        if let lower = range.lower {
            values.append(range.lowerInclusive ? lower : integer ? lower + 1 : lower == 0 ? .leastNonzeroMagnitude : lower.nextUp)
            values.append(integer ? lower + 1 : lower == 0 ? 1e-9 : lower + abs(lower) * 1e-9)
        } else {
            values.append(-1e15)
        }
        if let upper = range.upper {
            values.append(range.upperInclusive ? upper : integer ? upper - 1 : upper.nextDown)
        } else {
            values.append(1e15)
        }
        return values.filter { range.contains($0) }
    }

    /// 400 fixes from 1.7e9 s: a runner at ~3 m/s with Doppler speed and course, standing from 120 to 200 s, a
    /// segment change at 300, times that repeat (every 37th), step back (every 53rd) and jump a minute (at 250),
    /// one speed of 1e300 m/s, altitudes with a 50-m spike.
    static var hostileTrack: Track {
        var fixes: [Fix] = []
        var t = 1_700_000_000.0, east = 0.0
        for i in 0..<400 {
            t += i % 37 == 0 ? 0 : i % 53 == 0 ? -2 : i == 250 ? 60 : 1
            let standing = (120..<200).contains(i)
            if !standing { east += 3 }
            var f = TestTracks.fix(i, t: t, east: east + Double(i % 5) - 2, north: Double(i % 3), accuracy: 4 + Double(i % 4),
                                   vertical: 6, speed: standing ? 0.1 : i == 77 ? 1e300 : 3, segment: i < 300 ? 0 : 1)
            f.course = standing ? nil : 90
            f.altitude = i == 150 ? 90 : 40 + Double(i) * 0.05
            fixes.append(f)
        }
        return Track(activity: .running, fixes: fixes)
    }

    @Test func everyStageRunsWithEveryParameterAtTheEdgesOfItsRange() throws {
        let registry = try StageRegistry.builtIn()
        let track = Self.hostileTrack
        var runs = 0
        for type in registry.all {
            let descriptor = type.descriptor
            for parameter in descriptor.parameters {
                for value in Self.edgeValues(parameter) {
                    let number = parameter.kind == .integer ? "\(Int64(value))" : "\(value)"
                    let spec = #"{"version": 1, "name": "edge", "stages": [{"stage": "\#(descriptor.name)", "\#(parameter.name)": \#(number)}]}"#
                    // A stage may need other parameters (a required one): a spec the loader refuses is not run.
                    guard case .success(let pipeline) = Pipeline.load(Array(spec.utf8), registry: registry) else { continue }
                    runs += 1
                    do {
                        let result = try pipeline.run(track)
                        #expect(result.track.fixes.count + result.dropped.count == track.fixes.count + result.made.count,
                                "\(descriptor.name) \(parameter.name)=\(number)")
                    } catch let error as PipelineError {
                        // A stage may refuse the track (a stage error), but never break the accounting.
                        if case .accountingBroken = error { Issue.record("\(descriptor.name) \(parameter.name)=\(number): \(error)") }
                    }
                }
            }
        }
        #expect(runs > 100)  // the sweep ran (the built-in stages declare 69 numeric parameters, two or three values each)
    }
}
