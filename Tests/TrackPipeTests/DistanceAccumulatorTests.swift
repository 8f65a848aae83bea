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

    /// Method speed across a 60-s gap between fixes running east at 3 m/s, course 90°, each reporting an accuracy
    /// of 3 m (so the positions' noise of the gap is √(3² + 3²) = 4.24 m and the band 2 × 4.24 = 8.49 m): the
    /// speeds alone say 180 m. The path the fixes' velocities describe is the straight line (`GapPathTests`), so
    /// - 90 m on the ground (the runner stood for half the gap) is measured 90 + 8.49 m;
    /// - 120 m between fixes at 0.5 m/s (the speeds: 30 m; the runner set off inside the gap) 120 − 8.49 m;
    /// - 178 m, within the band of the speeds' 180 m, by the speeds;
    /// - without a course or an accuracy on either fix, by the speeds (180 m), as before the bound.
    @Test func aGapsSpeedsAreHeldNearThePathAcrossIt() {
        func gap(chord: Double, speed: Double = 3, course: Double? = 90, accuracy: Double? = 3) -> Double {
            func moving(_ i: Int, east: Double, time: Double) -> Fix {
                var f = at(i, east: east, time: time, accuracy: accuracy)
                f.speed = speed
                f.course = course
                return f
            }
            var acc = DistanceAccumulator(measure: .speed)
            acc.add(moving(0, east: 0, time: 0))
            acc.add(moving(1, east: 3, time: 1))
            return acc.add(moving(2, east: 3 + chord, time: 61)).length
        }
        let band = 2 * (9.0 + 9.0).squareRoot()
        #expect(abs(gap(chord: 90) - (90 + band)) < 1e-6)
        #expect(abs(gap(chord: 120, speed: 0.5) - (120 - band)) < 1e-6)
        #expect(abs(gap(chord: 178) - 180) < 1e-9)
        #expect(abs(gap(chord: 90, course: nil) - 180) < 1e-9)
        #expect(abs(gap(chord: 90, accuracy: nil) - 180) < 1e-9)
        #expect(abs(gap(chord: 90, accuracy: -1) - 180) < 1e-9)
    }

    @Test func noDistanceIntoAPausedFixButTheStepOutCounts() {
        var acc = DistanceAccumulator()
        let steps = (0..<6).map { i in acc.add(fix(i, lon: Double(i) * 0.001, time: Double(i), paused: i == 2 || i == 3)) }
        #expect(steps.map(\.counted) == [false, true, false, false, true, true])
        #expect(abs(acc.distance - 3 * 0.001 * metresPerEquatorDegree) < 1e-6)
        #expect(acc.movingTime == 3)
        #expect(acc.elapsedTime == 5)
    }

    /// A fix `east` and `north` metres from (0°, 0°), at second `time`: on the equator a metre is 1/a·180/π degrees
    /// of either coordinate by the local formula (its meridian and prime-vertical radii are both a there; across a
    /// few metres of latitude the difference is below a micrometre).
    func at(_ i: Int, east: Double, north: Double = 0, time: Double, segment: Int = 0, paused: Bool = false,
            accuracy: Double? = nil) -> Fix {
        var f = Fix(time: time, latitude: north / metresPerEquatorDegree, longitude: east / metresPerEquatorDegree,
                    segment: segment, paused: paused, sourceIndex: i)
        f.horizontalAccuracy = accuracy
        return f
    }

    /// Auto-pause's shape, by hand: a runner at 3 m/s east, one fix a second; the anchor (fix 2, at 6 m) stays
    /// moving, the runner runs on 3 m and stands at 9 m (fixes 3–7, paused), the last paused fix (8) is already 3 m
    /// on and begins segment 1, fix 9 at 15 m runs on. Measured from the anchor, the step out is 9 m — the way from
    /// 6 to 15 m — within the most the runner can have covered inside the pause's ends (3 m out of the last paused
    /// fix, 3 m/s for the second after the anchor and for the second before the last paused fix: 9 m). Without it
    /// the run would lose the 6 m between 6 and 9 m and between 9 and 12 m. Moving time stays the three 1-s steps.
    func stoppingRunner(drift north: Double = 0, accuracy: Double? = nil) -> [Fix] {
        var fixes = [at(0, east: 0, time: 0, accuracy: accuracy), at(1, east: 3, time: 1, accuracy: accuracy),
                     at(2, east: 6, time: 2, accuracy: accuracy)]
        for i in 3...7 { fixes.append(at(i, east: 9, north: north * Double(i - 2) / 6, time: Double(i), paused: true)) }
        fixes.append(at(8, east: 12, north: north, time: 8, segment: 1, paused: true))
        fixes.append(at(9, east: 15, north: north, time: 9, segment: 1, accuracy: accuracy))
        return fixes
    }

    @Test func thePauseIsMeasuredFromItsAnchor() {
        var acc = DistanceAccumulator()
        let steps = stoppingRunner().map { acc.add($0) }
        #expect(steps.map(\.counted) == [false, true, true, false, false, false, false, false, false, true])
        #expect(abs(steps[9].length - 9) < 1e-6)
        #expect(steps[9].from?.sourceIndex == 2)
        #expect(abs(acc.distance - 15) < 1e-6)
        #expect(acc.movingTime == 3)
        // The same by speeds where none is reported: the step out has no speeds, so it is measured by positions.
        var bySpeed = DistanceAccumulator(measure: .speed)
        for f in stoppingRunner() { bySpeed.advance(f) }
        #expect(abs(bySpeed.distance - 15) < 1e-6)
    }

    /// The receiver drifts 20 m north while the runner stands (the paused fixes and the run on after them): the
    /// straight line from the anchor, √(9² + 20²) = 21.9 m, is more than the runner can have covered in the
    /// pause's ends, so the step is that bound, 9 m.
    @Test func driftWhileStandingIsNotTakenForRunning() {
        var acc = DistanceAccumulator()
        let steps = stoppingRunner(drift: 20).map { acc.add($0) }
        #expect(abs(steps[9].length - 9) < 1e-6)
        #expect(abs(acc.distance - 15) < 1e-6)
    }

    /// The anchor and the fix the run goes on from report 2 m (per axis): the straight line's 9 m loses what their
    /// errors add on average, 2·(2² + 2²) = 16 m² of its square: √(81 − 16) = √65 m. The step from the last paused
    /// fix (3 m) is the least it can be.
    @Test func theFixesErrorsAreTakenOutOfTheLineAcross() {
        var acc = DistanceAccumulator()
        let steps = stoppingRunner(accuracy: 2).map { acc.add($0) }
        #expect(abs(steps[9].length - 65.0.squareRoot()) < 1e-6)
        var noisy = DistanceAccumulator()
        let worse = stoppingRunner(accuracy: 5).map { noisy.add($0) }
        #expect(abs(worse[9].length - 3) < 1e-6)  // 81 − 2·(25 + 25) = −19: no more than the step itself
    }

    /// Shapes that are not auto-pause's are measured as before, from the last paused fix (3 m): the last paused fix
    /// two segments on; a paused fix after the one that began the next segment; an anchor without valid coordinates;
    /// a step out measured by the receiver's speeds.
    @Test func otherPausesAreMeasuredFromTheLastPausedFix() {
        func stepOut(_ fixes: [Fix], measure: StepMeasure = .steps) -> DistanceStep {
            var acc = DistanceAccumulator(measure: measure)
            return fixes.map { acc.add($0) }.last!
        }
        var fixes = stoppingRunner()
        fixes[8].segment = 2
        fixes[9].segment = 2
        #expect(abs(stepOut(fixes).length - 3) < 1e-6)
        fixes = stoppingRunner()
        fixes[7].segment = 1
        #expect(abs(stepOut(fixes).length - 3) < 1e-6)
        fixes = stoppingRunner()
        fixes[2].latitude = .nan
        #expect(abs(stepOut(fixes).length - 3) < 1e-6)
        fixes = stoppingRunner()
        fixes[8].speed = 2
        fixes[9].speed = 3
        #expect(stepOut(fixes, measure: .speed).length == 2.5)
    }

    /// A threshold inside the step across the pause is placed on the line from the anchor (6 m, second 2) to the
    /// fix the run goes on from (15 m, second 9): at 10.5 m cumulative, 4.5 of the step's 9 m, halfway.
    @Test func aCrossingInsideThePauseStepIsOnTheLineFromTheAnchor() {
        var acc = DistanceAccumulator()
        let fixes = stoppingRunner()
        for f in fixes.dropLast() { acc.advance(f) }
        let figures = acc.measureStep(to: fixes[9])
        let c = acc.crossing(figures, to: fixes[9], atDistance: 10.5)
        #expect(abs((c?.fraction ?? .nan) - 0.5) < 1e-9)
        #expect(abs((c?.point.longitude ?? .nan) * metresPerEquatorDegree - 10.5) < 1e-6)
        #expect(abs((c?.time ?? .nan) - 5.5) < 1e-9)
        #expect(c?.fromSourceIndex == 2 && c?.toSourceIndex == 9)
        // Measured by speeds instead (2 and 3 m/s over the last second: 2.5 m from the last paused fix), the step
        // starts at that fix, for the crossing and for `add`'s step: 1.25 m into it is halfway from 12 to 15 m.
        var bySpeed = DistanceAccumulator(measure: .speed)
        var fast = fixes
        fast[8].speed = 2
        fast[9].speed = 3
        for f in fast.dropLast() { bySpeed.advance(f) }
        let speedFigures = bySpeed.measureStep(to: fast[9])
        #expect(speedFigures.length == 2.5)
        let s = bySpeed.crossing(speedFigures, to: fast[9], atDistance: speedFigures.distanceBefore + 1.25)
        #expect(s?.fromSourceIndex == 8)
        #expect(abs((s?.point.longitude ?? .nan) * metresPerEquatorDegree - 13.5) < 1e-6)
        #expect(abs((s?.time ?? .nan) - 8.5) < 1e-9)
        #expect(bySpeed.add(fast[9]).from?.sourceIndex == 8)
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
