import Testing
import TrackPipe
import TrackPipeTesting
@testable import TrackPipeStages

/// `privacy-zones`: which fixes a zone hides on hand-made lines, the cut into segments, start and end, and the
/// promise that no kept fix, no kept step and no badge checkpoint lies inside a zone.
@Suite struct PrivacyZonesStageTests {
    typealias H = StageHarness<PrivacyZonesStage>

    /// Fixes every 10 m due east from 0 to 1000 m.
    let line = PlanarTrack.fixes((0...100).map { (Double($0) * 10, 0) })

    /// A zone at east/north metres of the planar track's origin.
    func zone(east: Double, north: Double, radius: Double) -> JSONValue {
        .object(["latitude": .number(north / PlanarTrack.metresPerDegreeNorth),
                 "longitude": .number(east / PlanarTrack.metresPerDegreeEast), "radius": .number(radius)])
    }

    @Test func aZoneOnTheLineHidesItsStretchAndCutsTheTrack() throws {
        let out = try H(parameters: ["zones": .array([zone(east: 500, north: 0, radius: 95)])]).run(line)
        #expect(out.droppedIndices == Array(41...59))  // 410…590 m: within 95 m of 500 m
        #expect(out.dropped.allSatisfy { $0.rule == "zone" && $0.detail == "zone 1" && $0.threshold == 95 })
        #expect(abs(out.drop(of: 45)!.measured! - 50) < 1e-4)
        #expect(out.kept.filter { $0.sourceIndex <= 40 }.allSatisfy { $0.segment == 0 })
        #expect(out.kept.filter { $0.sourceIndex >= 60 }.allSatisfy { $0.segment == 1 })
        #expect(out.changed.map(\.updated.sourceIndex) == Array(60...100))  // the segment change is recorded
    }

    @Test func aZoneBesideTheLine() throws {
        // Centre 50 m north of 500 m, radius 60 m: the line is inside where |x − 500| ≤ √(60² − 50²) ≈ 33.2 m.
        let out = try H(parameters: ["zones": .array([zone(east: 500, north: 50, radius: 60)])]).run(line)
        #expect(out.droppedIndices == Array(47...53))
        #expect(abs(out.drop(of: 50)!.measured! - 50) < 1e-4)
    }

    @Test func aStepAcrossAZoneIsCutEvenWithNoFixInside() throws {
        let sparse = PlanarTrack.fixes([(0, 0), (1000, 0), (1010, 0)])
        let out = try H(parameters: ["zones": .array([zone(east: 500, north: 0, radius: 100)])]).run(sparse)
        #expect(out.dropped.isEmpty)
        #expect(out.kept.map(\.segment) == [0, 1, 1])
        // A step that passes 150 m from the centre is left alone.
        let clear = try H(parameters: ["zones": .array([zone(east: 500, north: 150, radius: 100)])]).run(sparse)
        #expect(clear.kept.map(\.segment) == [0, 0, 0] && clear.changed.isEmpty)
    }

    @Test func hideStartAndEnd() throws {
        let out = try H(parameters: ["hide-start": .number(55), "hide-end": .number(55)]).run(line)
        #expect(out.droppedIndices == Array(0...5) + Array(95...100))
        #expect(out.drop(of: 0)?.rule == "start" && out.drop(of: 100)?.rule == "end" && out.drop(of: 0)?.detail == nil)
        #expect(out.changed.isEmpty)  // nothing kept before the hidden start: no cut needed
    }

    @Test func offByDefault() throws {
        let out = try H().run(line)
        #expect(out.dropped.isEmpty && out.changed.isEmpty)
    }

    @Test func zonesAreCheckedInTheSpec() throws {
        let bad: [(JSONValue, String)] = [
            (.array([.object(["latitude": .number(91), "longitude": .number(0), "radius": .number(10)])]), "$.zones[0].latitude"),
            (.array([.object(["latitude": .number(1), "longitude": .number(0), "radius": .number(0)])]), "$.zones[0].radius"),
            (.array([.object(["latitude": .number(1), "longitude": .number(0), "radius": .number(10), "radus": .number(1)])]), "$.zones[0].radus"),
            (.array([.object(["latitude": .number(1), "longitude": .number(0)])]), "$.zones[0]"),
            (.array([.number(3)]), "$.zones[0]"),
            (.object([:]), "$.zones"),
            (.array(Array(repeating: .object(["latitude": .number(1), "longitude": .number(0), "radius": .number(10)]), count: 1_001)), "$.zones"),
        ]
        for (value, path) in bad {
            let result = StageParameters.validate(["zones": value], for: PrivacyZonesStage.descriptor, path: "$")
            guard case .failure(let problems) = result else { Issue.record("accepted \(value)"); continue }
            #expect(problems.problems.map(\.path) == [path], "\(problems)")
        }
    }

    /// On wandering walks through a zone, followed by distance and badges every 50 m: no kept fix is inside, no kept
    /// step of one segment comes inside (sampled every ~1/200 of the step), and no badge checkpoint is inside.
    @Test(arguments: StageTestSupport.seeds.prefix(6)) func nothingKeptLiesInside(seed: UInt64) throws {
        let fixes = PlanarTrack.wander(1_200, seed: seed)
        let middle = fixes[600].point
        let radius = 40.0
        let zones: JSONValue = .array([.object(["latitude": .number(middle.latitude), "longitude": .number(middle.longitude),
                                                "radius": .number(radius)])])
        let hidden = try H(parameters: ["zones": zones, "hide-start": .number(30), "hide-end": .number(30)]).run(fixes)
        #expect(!hidden.dropped.isEmpty)
        for f in hidden.kept { #expect(Geodesy.distance(middle, f.point) > radius) }
        for (a, b) in zip(hidden.kept, hidden.kept.dropFirst()) where a.segment == b.segment {
            for k in 0...200 {
                let t = Double(k) / 200
                let p = GeoPoint(latitude: a.latitude + t * (b.latitude - a.latitude), longitude: a.longitude + t * (b.longitude - a.longitude))
                #expect(Geodesy.distance(middle, p) > radius * 0.999)
            }
        }
        let catalog = try BadgeCatalog(badges: stride(from: 50.0, through: 5_000, by: 50).map {
            Badge(name: "B\(Int($0))", information: "", distance: $0, imageName: "b")
        })
        let badges = try StageHarness(BadgesStage(parameters: .defaults(for: BadgesStage.descriptor), catalog: catalog)).run(hidden.kept)
        let checkpoints = try #require(badges.annotations[BadgesKey.self]).checkpoints
        #expect(checkpoints.count > 10)
        for c in checkpoints { #expect(Geodesy.distance(middle, c.crossing.point) > radius * 0.999) }
    }

    @Test func conforms() {
        let tracks: [(name: String, track: Track)] = [("empty", Track()), ("line", Track(fixes: line))]
        #expect(StageConformance.check(PrivacyZonesStage.self, on: tracks).isEmpty)
    }
}
