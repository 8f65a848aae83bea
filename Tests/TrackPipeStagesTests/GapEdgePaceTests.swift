import Foundation
import Testing
import TrackPipe
@testable import TrackPipeStages
import TrackPipeTesting

/// `GapEdgePace`: the fixes on each side of a gap get the pace of the track beside it, and `track-smoother` with
/// distance by speed then measures a gap on a bend by that pace rather than by the chord across it.
@Suite struct GapEdgePaceTests {
    let fixtures = TrackFixtures()

    /// Due north: 10 s at 1 m/s, 15 s at 3 m/s, a 30 s gap, then 20 s at 4 m/s. The fix before the gap gets the
    /// last 10 s's pace (3 m/s, not the older 1 m/s), the one after it the next 10 s's (4 m/s); no other fix
    /// gets one. Both get the course north (0°).
    @Test func theEdgesGetThePaceBesideTheGap() {
        var fixes: [Fix] = []
        var north = 0.0, t = 0.0
        func add() { fixes.append(fixtures.fix(fixes.count, t: t, north: north, accuracy: 3)) }
        add()
        for k in 1...25 { t += 1; north += k <= 10 ? 1 : 3; add() }
        t += 30; north += 100; add()
        for _ in 1...20 { t += 1; north += 4; add() }
        let edges = GapEdgePace.edges(fixes)
        #expect(edges.map(\.index) == [25, 26])
        // Relative 1e-3: the fixtures' projection and the distance formula differ by ~6e-4.
        #expect(abs(edges[0].speed - 3) < 3e-3, "\(edges[0].speed) m/s")
        #expect(abs(edges[1].speed - 4) < 4e-3, "\(edges[1].speed) m/s")
        #expect(edges.map(\.course) == [0, 0])
    }

    /// The course is the bearing from the stretch's first fix to its last: east before the gap, then south-east
    /// after it (a fix 3 m east and 3 m south each second: 135°); none when the stretch's fixes coincide.
    @Test func theEdgesGetTheCourseBesideTheGap() throws {
        var fixes = (0..<12).map { fixtures.fix($0, t: Double($0), east: 3 * Double($0), accuracy: 3) }
        fixes += (0..<12).map { fixtures.fix(12 + $0, t: 60 + Double($0), east: 200 + 3 * Double($0), north: -3 * Double($0), accuracy: 3) }
        let edges = GapEdgePace.edges(fixes)
        #expect(edges.map(\.index) == [11, 12])
        let before = try #require(edges[0].course), after = try #require(edges[1].course)
        // Relative 1e-3 of a right angle: the fixtures' projection and the bearing's sphere differ by ~6e-4.
        #expect(abs(before - 90) < 0.1 && abs(after - 135) < 0.1, "\(before)°, \(after)°")
        var standing = fixes
        for i in 0..<12 { standing[i] = fixtures.fix(i, t: Double(i), east: 0, accuracy: 3) }
        #expect(GapEdgePace.edges(standing).first?.course == nil)
    }

    /// On a circle (a 400 m track's bend, radius 36.5 m, 3 m/s, 1 Hz, anticlockwise) the course at a stretch's end
    /// is the tangent there, within a degree, on either side of the gap; the stretch's own chord points 5 s back,
    /// 23.5° (3 m/s × 5 s ÷ 36.5 m) behind.
    @Test func theCourseIsTheTangentAtTheEdge() throws {
        let radius = 36.5, speed = 3.0
        // Anticlockwise from the circle's south point: at time t the heading is 90° − (speed·t/radius) in degrees
        // clockwise from north (east at t = 0, turning left).
        let fixes = (0...40).map { second -> Fix in
            let angle = speed * Double(second) / radius
            return fixtures.fix(second, t: Double(second), east: radius * sin(angle), north: radius * (1 - cos(angle)), accuracy: 0.1)
        }
        func heading(_ t: Double) -> Double {
            let h = 90 - speed * t / radius * 180 / .pi
            return h < 0 ? h + 360 : h
        }
        func gap(_ a: Double, _ b: Double) -> Double { abs((a - b + 540).truncatingRemainder(dividingBy: 360) - 180) }
        let back = try #require(GapEdgePace.course(fixes, edge: 20, far: 10))
        let ahead = try #require(GapEdgePace.course(fixes, edge: 20, far: 30))
        #expect(gap(back, heading(20)) < 1, "\(back)° against \(heading(20))°")
        #expect(gap(ahead, heading(20)) < 1, "\(ahead)° against \(heading(20))°")
        let chord = Geodesy.initialBearing(from: fixes[10].point, to: fixes[20].point)
        #expect(abs(gap(chord, heading(20)) - 23.5) < 1, "the chord \(chord)°")
    }

    /// Due north at 3 m/s, fixes accurate to 0.1 m, a 60 s gap in which the runner stood for 30 s (90 m on the
    /// ground), then on at 3 m/s: 30 s + the gap + 30 s = 270 m. By the pace beside the gap alone it would be
    /// 360 m (the pace times 60 s); with the course, the gap is held near the straight path across it, within
    /// two of the smoothed fixes' 1-sigma (`StepMeasure.gapBand`).
    @Test func aStopInsideAGapIsNotCountedAtThePaceBesideIt() throws {
        var fixes = (0...30).map { fixtures.fix($0, t: Double($0), north: 3 * Double($0), accuracy: 0.1) }
        fixes += (0...30).map { fixtures.fix(31 + $0, t: 90 + Double($0), north: 180 + 3 * Double($0), accuracy: 0.1) }
        let registry = try StageRegistry.builtIn()
        let spec = #"{"version": 1, "name": "t", "stages": [{"stage": "track-smoother", "sigma-floor": 0.1}, {"stage": "distance", "method": "speed"}]}"#
        let result = try Pipeline.load(Array(spec.utf8), registry: registry).get().run(Track(activity: .running, fixes: fixes))
        let distance = try #require(result.summaryValue("distance"))
        #expect(abs(distance - 270) < 2, "\(distance) m")
        #expect(result.track.fixes[30].course != nil && result.track.fixes[31].course != nil)
    }

    /// No pace where the accumulator would not measure the gap by speeds, or where the fix has its own speed:
    /// a fix with a speed keeps it; a gap after a gap has no short step before it; a segment change or a paused
    /// fix across the gap is not a counted step; a gap with no short step after it gets a pace on one side only.
    @Test func noPaceWhereTheGapIsNotMeasuredBySpeeds() {
        let line = (0..<12).map { fixtures.fix($0, t: Double($0), north: 3 * Double($0), accuracy: 3) }
        func withGap(_ edit: (inout Fix) -> Void = { _ in }) -> [Fix] {
            var after = (0..<12).map { fixtures.fix(12 + $0, t: 60 + Double($0), north: 200 + 3 * Double($0), accuracy: 3) }
            edit(&after[0])
            return line + after
        }
        #expect(GapEdgePace.edges(withGap()).map(\.index) == [11, 12])
        var own = withGap()
        own[11].speed = 2.5
        #expect(GapEdgePace.edges(own).map(\.index) == [12])
        #expect(GapEdgePace.edges(withGap { $0.segment = 1 }).isEmpty)
        #expect(GapEdgePace.edges(withGap { $0.paused = true }).isEmpty)
        // Two gaps in a row: the second has no short step before it; the first none after it.
        let twoGaps = line + [fixtures.fix(12, t: 60, north: 200, accuracy: 3)]
            + (0..<5).map { fixtures.fix(13 + $0, t: 120 + Double($0), north: 400 + 3 * Double($0), accuracy: 3) }
        #expect(GapEdgePace.edges(twoGaps).map(\.index) == [11])
    }

    /// Five minutes at 3 m/s round a circle of a 400 m track's bend radius (36.5 m), 1 Hz, with a 30 s gap, fixes
    /// accurate to 0.1 m (so the smoother follows them and only the gap's measure is tested): the true distance
    /// is 3 m/s × the time. The gap's chord, 2R·sin(90 m / 2R) = 68.8 m, cuts 21 of its 90 m (2.4 %); measured by
    /// the pace on each side, the run's distance is within 0.5 %, and only the gap's two edge fixes gained a speed.
    @Test func aGapOnABendIsMeasuredByThePaceBesideIt() throws {
        let radius = 36.5, speed = 3.0
        let fixes = (0...300).filter { $0 <= 150 || $0 >= 180 }.enumerated().map { index, second -> Fix in
            let angle = speed * Double(second) / radius
            return fixtures.fix(index, t: Double(second), east: radius * sin(angle), north: radius * (1 - cos(angle)), accuracy: 0.1)
        }
        let truth = speed * 300
        let registry = try StageRegistry.builtIn()
        func run(_ stages: String) throws -> PipelineResult {
            let spec = #"{"version": 1, "name": "t", "stages": [\#(stages)]}"#
            return try Pipeline.load(Array(spec.utf8), registry: registry).get().run(Track(activity: .running, fixes: fixes))
        }
        let bySpeed = try run(#"{"stage": "track-smoother", "sigma-floor": 0.1}, {"stage": "distance", "method": "speed"}"#)
        let bySteps = try run(#"{"stage": "track-smoother", "sigma-floor": 0.1}, {"stage": "distance"}"#)
        let paced = try #require(bySpeed.summaryValue("distance")), chord = try #require(bySteps.summaryValue("distance"))
        #expect(abs(paced - truth) / truth < 0.005, "by speed \(paced) m, by steps \(chord) m, truth \(truth) m")
        #expect((truth - chord) / truth > 0.02, "by steps \(chord) m")
        #expect(bySpeed.track.fixes.enumerated().filter { $0.element.speed != nil }.map(\.offset) == [150, 151])
    }
}
