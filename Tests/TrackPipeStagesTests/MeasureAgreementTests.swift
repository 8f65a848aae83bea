import Foundation
import Testing
import TrackPipe
import TrackPipeTesting
@testable import TrackPipeStages

/// Properties tying the three measuring stages together on a wandering track with pauses, a segment break,
/// altitude and irregular sampling.
@Suite struct MeasureAgreementTests {
    static let fixes: [Fix] = {
        var fixes: [Fix] = []
        var lat = 51.5, lon = -0.12, t = 1_700_000_000.0
        var segment = 0
        for i in 0..<3000 {
            // A deterministic wander: heading turns slowly, speed 2–4 m/s, 1–3 s between fixes.
            let heading = Double(i) * 0.01
            let dt = 1 + Double(i % 3)
            let v = 3 + sin(Double(i) * 0.05)
            lat += v * dt * cos(heading) / 111_200
            lon += v * dt * sin(heading) / (111_200 * cos(lat * .pi / 180))
            t += dt
            if i == 1500 { segment = 1; t += 120 }
            let paused = (700..<760).contains(i)
            fixes.append(Fix(time: t, latitude: lat, longitude: lon, altitude: 30 + 10 * sin(Double(i) * 0.003),
                             segment: segment, paused: paused, sourceIndex: i))
        }
        return fixes
    }()

    @Test func splitsAddUpToTheDistanceAndMovingTime() throws {
        let distance = try StageHarness<DistanceStage>().run(Self.fixes)
        let splits = try #require(try StageHarness<SplitsStage>().run(Self.fixes).annotations[SplitsKey.self]).splits
        let d = try #require(distance.summaryValue(DistanceStage.SummaryKey.distance))
        let moving = try #require(distance.summaryValue(DistanceStage.SummaryKey.movingTime))
        #expect(abs(splits.map(\.length).reduce(0, +) - d) < 1e-6)
        #expect(abs(splits.map(\.movingTime).reduce(0, +) - moving) < 1e-6)
        #expect(splits.dropLast().allSatisfy { abs($0.length - 1000) < 1e-9 && !$0.isPartial })
        #expect(splits.last?.isPartial == true)
        #expect(splits.count == Int(d / 1000) + 1)
        // Consecutive splits share their boundary time.
        #expect(zip(splits, splits.dropFirst()).allSatisfy { $0.endTime == $1.startTime })
    }

    @Test func badgesSplitsAndDistanceAgree() throws {
        let d = try #require(try StageHarness<DistanceStage>().run(Self.fixes).summaryValue(DistanceStage.SummaryKey.distance))
        let report = try #require(try StageHarness<BadgesStage>().run(Self.fixes).annotations[BadgesKey.self])
        #expect(report.distance == d)
        #expect(report.checkpoints.map(\.badge) == BadgeCatalog.default.earned(byDistance: d))
        // A badge at a whole kilometre is crossed exactly where a split ends.
        let splits = try #require(try StageHarness<SplitsStage>().run(Self.fixes).annotations[SplitsKey.self]).splits
        for checkpoint in report.checkpoints where checkpoint.badge.distance > 0 && checkpoint.badge.distance.truncatingRemainder(dividingBy: 1000) == 0 {
            let split = splits[Int(checkpoint.badge.distance / 1000) - 1]
            #expect(abs((split.endTime ?? .nan) - (checkpoint.crossing.time ?? .nan)) < 1e-6)
        }
        // Stretch paces weighted by stretch length give the moving time up to the last checkpoint.
        let last = try #require(report.checkpoints.last)
        let total = report.checkpoints.map { ($0.stretchPace ?? 0) * ($0.crossing.distance - $0.stretchStartDistance) }.reduce(0, +)
        #expect(abs(total - last.crossing.movingTime) < 1e-6)
    }

    @Test func threeDimensionalIsLongerOnlyByTheClimb() throws {
        let flat = try #require(try StageHarness<DistanceStage>().run(Self.fixes).summaryValue(DistanceStage.SummaryKey.distance))
        let out3D = try StageHarness<DistanceStage>(parameters: ["three-dimensional": .bool(true)]).run(Self.fixes)
        let steep = try #require(out3D.summaryValue(DistanceStage.SummaryKey.distance))
        // Each counted step (same segment, into a fix that is not paused) grows from h to √(h² + z²).
        var extra = 0.0
        for (a, b) in zip(Self.fixes, Self.fixes.dropFirst()) where a.segment == b.segment && !b.paused {
            let h = Geodesy.distance(a.point, b.point), z = (b.altitude ?? 0) - (a.altitude ?? 0)
            extra += (h * h + z * z).squareRoot() - h
        }
        #expect(abs((steep - flat) - extra) < 1e-6, "3D adds \(steep - flat) m, the steps \(extra) m")
        #expect(out3D.annotations[DistanceMethodKey.self]?.threeDimensional == true)
    }
}
