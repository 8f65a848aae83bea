import Testing
import TrackPipe
import TrackPipeTesting
@testable import TrackPipeStages

/// `discard` on hand-made fixes: each rule drops just above (or below) its limit, keeps a fix exactly at it, and
/// never drops a fix that does not report the value; rules fire in their documented order.
@Suite struct DiscardStageTests {
    typealias H = StageHarness<DiscardStage>

    func fix(_ i: Int, sats: Int? = nil, vdop: Double? = nil, pdop: Double? = nil, quality: FixQuality? = nil, altitude: Double? = nil) -> Fix {
        var f = Fix(time: 1_700_000_000 + Double(i), latitude: 51.5, longitude: -0.1 + Double(i) * 1e-5, altitude: altitude,
                    horizontalAccuracy: 5, sourceIndex: i)
        f.satellites = sats
        f.vdop = vdop
        f.pdop = pdop
        f.fixQuality = quality
        return f
    }

    @Test func offByDefault() throws {
        let fixes = [fix(0, sats: 0, vdop: 99, pdop: 99, quality: FixQuality.none, altitude: -20_000), fix(1)]
        #expect(try H().run(fixes).keptIndices == [0, 1])
    }

    @Test func eachRuleAtAndBeyondItsLimit() throws {
        let sats = try H(parameters: ["min-satellites": .number(5)]).run([fix(0, sats: 4), fix(1, sats: 5), fix(2)])
        #expect(sats.keptIndices == [1, 2])
        #expect(sats.drop(of: 0)?.rule == "min-satellites" && sats.drop(of: 0)?.measured == 4 && sats.drop(of: 0)?.threshold == 5)

        let vdop = try H(parameters: ["max-vdop": .number(3)]).run([fix(0, vdop: 3.0001), fix(1, vdop: 3), fix(2)])
        #expect(vdop.keptIndices == [1, 2] && vdop.drop(of: 0)?.rule == "max-vdop")

        let pdop = try H(parameters: ["max-pdop": .number(4)]).run([fix(0, pdop: 4.5), fix(1, pdop: 4), fix(2, pdop: .nan)])
        #expect(pdop.keptIndices == [1] && pdop.drop(of: 2)?.rule == "max-pdop")  // NaN is not within any limit

        let alt = try H(parameters: ["min-altitude": .number(-10), "max-altitude": .number(100)])
            .run([fix(0, altitude: -10.5), fix(1, altitude: -10), fix(2, altitude: 100), fix(3, altitude: 100.5), fix(4)])
        #expect(alt.keptIndices == [1, 2, 4])
        #expect(alt.drop(of: 0)?.rule == "min-altitude" && alt.drop(of: 3)?.rule == "max-altitude")
        #expect(alt.drop(of: 3)?.unit == .metres)
    }

    @Test func fixTypes() throws {
        let all: [FixQuality?] = [FixQuality.none, .estimated, .twoD, .threeD, .dgps, .rtkFixed, .rtkFloat, .pps, nil]
        let fixes = all.enumerated().map { fix($0.offset, quality: $0.element) }
        let twoD = try H(parameters: ["min-fix": .string("2d")]).run(fixes)
        #expect(twoD.keptIndices == [2, 3, 4, 5, 6, 7, 8])
        let threeD = try H(parameters: ["min-fix": .string("3d")]).run(fixes)
        #expect(threeD.keptIndices == [3, 4, 5, 6, 7, 8])
        #expect(threeD.drop(of: 2)?.detail == "fix type 2d is weaker than 3d")
    }

    /// The first rule in the documented order names the drop.
    @Test func rulesFireInOrder() throws {
        let h = try H(parameters: ["min-satellites": .number(5), "max-vdop": .number(2), "min-fix": .string("3d")])
        let out = try h.run([fix(0, sats: 3, vdop: 9, quality: .twoD), fix(1, sats: 8, vdop: 9, quality: .twoD), fix(2, sats: 8, vdop: 1, quality: .twoD)])
        #expect([0, 1, 2].map { out.drop(of: $0)?.rule } == ["min-satellites", "max-vdop", "min-fix"])
    }

    @Test func anEmptyAltitudeRangeIsRefused() throws {
        #expect(throws: DiscardStage.Problem.self) { try H(parameters: ["min-altitude": .number(10), "max-altitude": .number(5)]) }
    }
}
