import Testing
import TrackPipe
import TrackPipeTesting
@testable import TrackPipeStages

/// `simplify` on hand-made geometry (an L, a zigzag), the error bound checked against the original with
/// independent spherical trigonometry, the span rule that bounds its work, and poles.
@Suite struct SimplifyStageTests {
    typealias H = StageHarness<SimplifyStage>

    @Test func anLKeepsItsEndsAndItsCorner() throws {
        let east: [(east: Double, north: Double)] = (0...10).map { (Double($0) * 10, 0) }
        let north: [(east: Double, north: Double)] = (1...10).map { (100, Double($0) * 10) }
        let points = east + north
        let out = try H(parameters: ["tolerance": .number(0.5)]).run(PlanarTrack.fixes(points))
        #expect(out.keptIndices == [0, 10, 20])
        #expect(abs(out.summaryValue(SimplifyStage.SummaryKey.lengthChange)!) < 1e-6)  // 200 m either way
        #expect(out.dropped.allSatisfy { $0.rule == "tolerance" && $0.threshold == 0.5 && $0.measured! < 1e-6 })
    }

    @Test func aZigzagWithinTheToleranceBecomesItsChord() throws {
        // 21 fixes 10 m apart east, alternately 1 m north and south of the axis (ends on it).
        let points: [(east: Double, north: Double)] = (0...20).map { i in
            let north: Double = i == 0 || i == 20 ? 0 : (i % 2 == 0 ? -1 : 1)
            return (Double(i) * 10, north)
        }
        let zigzag = PlanarTrack.fixes(points)
        let loose = try H(parameters: ["tolerance": .number(1.5)]).run(zigzag)
        #expect(loose.keptIndices == [0, 20])
        // Path: 2 steps of √(10² + 1²) at the ends and 18 of √(10² + 2²) between; the chord is 200 m.
        let zigzagLength = 2 * (101.0).squareRoot() + 18 * (104.0).squareRoot()
        #expect(abs(loose.summaryValue(SimplifyStage.SummaryKey.lengthChange)! - (200 - zigzagLength)) < 1e-4)
        #expect(loose.dropped.allSatisfy { abs($0.measured! - 1) < 1e-6 })
        // Below 1 m every fix is off the line by more than the tolerance.
        #expect(try H(parameters: ["tolerance": .number(0.9)]).run(zigzag).dropped.isEmpty)
    }

    /// Every dropped fix lies within the tolerance of the step between the kept fixes around it, measured with
    /// great-circle cross-track distance on the sphere (which differs from the ellipsoid's local metres by < 0.6 %).
    @Test(arguments: StageTestSupport.seeds.prefix(8)) func everyDroppedFixIsWithinTheTolerance(seed: UInt64) throws {
        let fixes = PlanarTrack.wander(1_500, seed: seed)
        for tolerance in [0.5, 2.0, 10.0] {
            let out = try H(parameters: ["tolerance": .number(tolerance)]).run(fixes)
            let kept = Set(out.keptIndices)
            #expect(kept.contains(0) && kept.contains(fixes.count - 1))
            #expect(out.kept.count + out.dropped.count == fixes.count)
            var before = 0
            for i in fixes.indices {
                if kept.contains(i) { before = i; continue }
                let after = (i...).first { kept.contains($0) }!
                let d = PlanarTrack.distance(from: fixes[i].point, toArc: fixes[before].point, fixes[after].point)
                #expect(d <= tolerance * 1.006, "seed \(seed), fix \(i): \(d) m from the simplified line")
            }
            #expect(out.summaryValue(SimplifyStage.SummaryKey.lengthChange)! <= 1e-9)
        }
    }

    /// Spans of at most 512 fixes: a straight 2000-fix line keeps its ends and the four span boundaries between.
    @Test func spansBoundTheWork() throws {
        let fixes = PlanarTrack.fixes((0..<2_000).map { (Double($0), 0) })
        let out = try H().run(fixes)
        #expect(out.keptIndices == [0, 511, 1022, 1533, 1999])
        // And a span ends where a fix is more than 5 km from its first: a 6 km line of 100 m steps breaks at 5 km.
        let long = try H().run(PlanarTrack.fixes((0...60).map { (Double($0) * 100, 0) }))
        #expect(long.keptIndices == [0, 50, 60])
    }

    @Test func segmentsAndPoles() throws {
        var fixes = PlanarTrack.fixes((0..<10).map { (Double($0), 0) })
        for i in 5..<10 { fixes[i].segment = 1 }
        #expect(try H().run(fixes).keptIndices == [0, 4, 5, 9])
        let polar = (0..<5).map { Fix(time: Double($0), latitude: 89.5, longitude: Double($0) * 1e-4, sourceIndex: $0) }
        #expect(try H().run(polar).keptIndices == [0, 1, 2, 3, 4])
    }

    @Test func conforms() {
        let tracks: [(name: String, track: Track)] = [
            ("empty", Track()), ("one", Track(fixes: PlanarTrack.fixes([(0, 0)]))),
            ("wander", Track(fixes: PlanarTrack.wander(800, seed: 5))),
        ]
        #expect(StageConformance.check(SimplifyStage.self, on: tracks).isEmpty)
    }
}
