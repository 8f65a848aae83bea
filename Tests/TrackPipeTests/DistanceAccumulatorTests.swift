import Testing
import TrackPipeLab
@testable import TrackPipe

/// Metres per degree of longitude on the equator by the local formula: the prime-vertical radius there is the
/// semi-major axis, so a degree is a·π/180 exactly (closed form, independent of the accumulator).
let metresPerEquatorDegree = 6_378_137.0 * .pi / 180

@Suite struct DistanceAccumulatorTests {
    func fix(_ i: Int, lon: Double, time: Double? = nil, segment: Int = 0, paused: Bool = false, altitude: Double? = nil) -> Fix {
        Fix(time: time, latitude: 0, longitude: lon, altitude: altitude, segment: segment, paused: paused, sourceIndex: i)
    }

    @Test func countsStepsWithinASegmentOnly() {
        var acc = DistanceAccumulator()
        acc.add(fix(0, lon: 0, time: 0))
        acc.add(fix(1, lon: 0.001, time: 1))
        let gap = acc.add(fix(2, lon: 0.5, time: 100, segment: 1))
        acc.add(fix(3, lon: 0.502, time: 102, segment: 1))
        #expect(!gap.counted && gap.length == 0 && gap.movingDuration == 0)
        #expect(abs(acc.distance - 0.003 * metresPerEquatorDegree) < 1e-6)
        #expect(acc.movingTime == 3)
        #expect(acc.elapsedTime == 102)
    }

    /// Method speed: 1-s steps by their speeds; a 20-s gap after 1-s steps by its speeds too (3 m/s × 20 s =
    /// 60 m, where the straight line is 0.001° ≈ 111 m); in a recording sampled every 10 s, by the positions
    /// (each 10-s step: 0.001°, not its 5 m/s × 10 s = 50 m; the first has no step before it to tell).
    @Test func speedMeasuresShortStepsAndGapsInDenseRecordingsOnly() {
        func moving(_ i: Int, lon: Double, time: Double, speed: Double) -> Fix {
            var f = fix(i, lon: lon, time: time)
            f.speed = speed
            return f
        }
        var dense = DistanceAccumulator(measure: .speed)
        dense.add(moving(0, lon: 0, time: 0, speed: 3))
        let first = dense.add(moving(1, lon: 0.0001, time: 1, speed: 3))
        let gap = dense.add(moving(2, lon: 0.0011, time: 21, speed: 3))
        #expect(first.length == 3 && gap.length == 60)
        var sparse = DistanceAccumulator(measure: .speed)
        sparse.add(moving(0, lon: 0, time: 0, speed: 5))
        let a = sparse.add(moving(1, lon: 0.001, time: 10, speed: 5))
        let b = sparse.add(moving(2, lon: 0.002, time: 20, speed: 5))
        #expect(abs(a.length - 0.001 * metresPerEquatorDegree) < 1e-6)
        #expect(abs(b.length - 0.001 * metresPerEquatorDegree) < 1e-6)
    }

    /// Method speed with a maximum speed of 12.5 m/s: a step from or to a fix reporting 1e300 m/s (or 13 m/s) is
    /// measured by its positions (0.0001° on the equator), the steps between plausible speeds by their speeds
    /// (3 m/s × 1 s); without a maximum, the corrupt speed counts (the old behaviour: (3 + 1e300)/2 m).
    @Test func speedsAboveTheMaximumAreMeasuredByPositions() {
        func moving(_ i: Int, speed: Double) -> Fix {
            var f = fix(i, lon: Double(i) * 0.0001, time: Double(i))
            f.speed = speed
            return f
        }
        let speeds = [3, 3, 1e300, 3, 13, 3]
        var capped = DistanceAccumulator(measure: .speed, maximumSpeed: 12.5)
        let steps = speeds.enumerated().map { capped.add(moving($0.offset, speed: $0.element)) }
        let chord = 0.0001 * metresPerEquatorDegree
        #expect(steps[1].length == 3)
        for k in [2, 3, 4, 5] { #expect(abs(steps[k].length - chord) < 1e-6, "step \(k)") }
        #expect(abs(capped.distance - (3 + 4 * chord)) < 1e-6)
        var uncapped = DistanceAccumulator(measure: .speed)
        let loose = speeds.enumerated().map { uncapped.add(moving($0.offset, speed: $0.element)) }
        #expect(loose[2].length == (3 / 2 + 1e300 / 2))
    }

    @Test func noDistanceIntoAPausedFixButTheStepOutCounts() {
        var acc = DistanceAccumulator()
        let steps = (0..<6).map { i in acc.add(fix(i, lon: Double(i) * 0.001, time: Double(i), paused: i == 2 || i == 3)) }
        #expect(steps.map(\.counted) == [false, true, false, false, true, true])
        #expect(abs(acc.distance - 3 * 0.001 * metresPerEquatorDegree) < 1e-6)
        #expect(acc.movingTime == 3)
        #expect(acc.elapsedTime == 5)
    }

    @Test func threeDimensionalAddsAltitudeOnlyWhenAsked() {
        let a = fix(0, lon: 0, altitude: 0), b = fix(1, lon: 0.0001, altitude: 5)
        let h = 0.0001 * metresPerEquatorDegree
        #expect(abs(DistanceAccumulator.length(from: a, to: b, formula: .local, threeDimensional: false) - h) < 1e-9)
        #expect(abs(DistanceAccumulator.length(from: a, to: b, formula: .local, threeDimensional: true) - (h * h + 25).squareRoot()) < 1e-9)
        var noGPSAltitude = b
        noGPSAltitude.verticalAccuracy = -1
        #expect(abs(DistanceAccumulator.length(from: a, to: noGPSAltitude, formula: .local, threeDimensional: true) - h) < 1e-9)
    }

    @Test func crossingIsInterpolatedLinearly() {
        var acc = DistanceAccumulator()
        acc.add(Fix(time: 10, latitude: 0, longitude: 0, altitude: 100, sourceIndex: 0))
        let step = acc.add(Fix(time: 20, latitude: 0, longitude: 0.001, altitude: 110, sourceIndex: 1))
        let target = 0.25 * step.length
        let c = step.crossing(atDistance: target)
        #expect(c != nil)
        #expect(abs((c?.point.longitude ?? .nan) - 0.00025) < 1e-15)
        #expect(abs((c?.time ?? .nan) - 12.5) < 1e-9)
        #expect(abs((c?.altitude ?? .nan) - 102.5) < 1e-9)
        #expect(abs((c?.movingTime ?? .nan) - 2.5) < 1e-9)
        // Half-open: the step's end distance is not crossed by this step (reaching is not passing).
        #expect(step.crossing(atDistance: step.distanceAfter) == nil)
        #expect(step.crossing(atDistance: 0)?.fraction == 0)
    }

    @Test func crossingWrapsTheAntimeridian() {
        var acc = DistanceAccumulator()
        acc.add(Fix(time: nil, latitude: 0, longitude: 179.9999, sourceIndex: 0))
        let step = acc.add(Fix(time: nil, latitude: 0, longitude: -179.9999, sourceIndex: 1))
        let c = step.crossing(atDistance: step.length * 0.75)
        #expect(abs((c?.point.longitude ?? .nan) - -179.99995) < 1e-9)
        #expect(c?.time == nil)
    }

    @Test func corruptCoordinatesAreNotCounted() {
        var acc = DistanceAccumulator()
        acc.add(fix(0, lon: 0))
        let bad = acc.add(Fix(time: nil, latitude: .nan, longitude: 0, sourceIndex: 1))
        #expect(!bad.counted)
        #expect(acc.distance == 0)
    }

    /// `crossing` (the measuring stages' path: the step's figures from `measure`, the fix it starts from read where
    /// the accumulator holds it) finds what `DistanceStep.crossing` finds on the step `add` returns, to the bit, on a
    /// seeded run with every kind of step: segment changes, paused fixes, missing and repeated times, corrupt
    /// coordinates, speeds (method speed), long gaps; and the distance committed is the sum of the counted lengths.
    @Test(arguments: [StepMeasure.steps, .speed], [false, true])
    func crossingFromTheHeldFixMatchesTheStepsCrossing(measure: StepMeasure, threeDimensional: Bool) {
        var rng = SplitMix64(seed: 20261127)
        var byAdd = DistanceAccumulator(measure: measure), bySteps = DistanceAccumulator(measure: measure)
        if threeDimensional {
            byAdd = DistanceAccumulator(threeDimensional: true, measure: measure)
            bySteps = DistanceAccumulator(threeDimensional: true, measure: measure)
        }
        var time = 0.0, lat = 51.45, lon = -2.58, segment = 0
        var crossings = 0, sum = 0.0
        for i in 0..<3000 {
            let roll = rng.next() % 100
            time += roll < 3 ? 45 : (roll < 6 ? 0 : 1)
            lat += Double(rng.next() % 2001) * 1e-8 - 1e-5
            lon += Double(rng.next() % 2001) * 1e-8 - 0.5e-5
            if roll == 50 { segment += 1 }
            var f = Fix(time: roll == 60 ? nil : time, latitude: roll == 70 ? .nan : lat, longitude: lon,
                        altitude: roll < 80 ? 30 + Double(rng.next() % 100) / 10 : nil, segment: segment,
                        paused: roll >= 90 && roll < 95, sourceIndex: i)
            if rng.next() % 4 != 0 { f.speed = Double(rng.next() % 500) / 100 }
            let step = byAdd.add(f)
            let figures = bySteps.measureStep(to: f)
            for fraction in [0.0, 0.37, 1.0] {
                let d = step.distanceBefore + fraction * step.length
                #expect(bySteps.crossing(figures, to: f, atDistance: d) == step.crossing(atDistance: d), "fix \(i)")
                if step.counted, step.length > 0, fraction < 1 { crossings += 1 }
            }
            bySteps.commit(f, figures)
            if figures.counted { sum += figures.length }
            #expect(bySteps.distance == sum, "fix \(i)")
        }
        #expect(crossings > 1000 && sum > 0)
    }

    /// `advance` counts along the equator what the closed form gives: 1e-4° per 1-s step (no speeds, so every
    /// method measures by the positions).
    @Test func advanceCountsWhatTheClosedFormGives() {
        var acc = DistanceAccumulator()
        for i in 0..<50 {
            let figures = acc.advance(Fix(time: Double(i), latitude: 0, longitude: Double(i) * 1e-4, sourceIndex: i))
            #expect(figures.counted == (i > 0))
            #expect(abs(figures.distanceAfter - Double(i) * 1e-4 * metresPerEquatorDegree) < 1e-6, "fix \(i)")
            #expect(figures.movingTimeAfter == Double(i))
        }
    }
}
