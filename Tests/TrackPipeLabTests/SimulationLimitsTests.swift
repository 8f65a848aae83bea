import Foundation
import Testing
import TrackPipe
@testable import TrackPipeLab

/// Every simulator setting has a range, and every value in it makes a run or a clear error: each setting alone at
/// its minimum and at its maximum (fix-count kept at 300 so the run stays small) gives finite positions on the
/// globe, or a `SimulationError` that says why — never a trap, a hang or a position at 1e300.
@Suite struct SimulationLimitsTests {
    static var numericNames: [String] {
        SimulationParameter.all.filter {
            if case .flag = $0.value { return false }
            return $0.name != "fix-count"
        }.map(\.name)
    }

    @Test func everySettingHasARange() {
        for p in SimulationParameter.all {
            if case .flag = p.value { continue }
            #expect(p.minimum != nil && p.maximum != nil, "\(p.name) has no range")
        }
    }

    @Test(arguments: numericNames)
    func extremesMakeARunOrAClearError(name: String) throws {
        let parameter = try #require(SimulationParameter.named(name))
        for bound in [parameter.minimum, parameter.maximum].compactMap({ $0 }) {
            var parameters = SimulationParameters()
            parameters.fixCount = 300
            parameters.gaps.count = 1
            let text: String
            if case .integer = parameter.value { text = String(Int(bound)) } else { text = JSONValue.number(bound).description }
            // A bound on its own may contradict a paired setting (a minimum above the default maximum): that is
            // a stated problem, not a failure.
            if let problem = parameter.set(text, in: &parameters) {
                #expect(problem.contains("minimum") || problem.contains("maximum"), "\(name)=\(text): \(problem)")
                continue
            }
            let route = try RouteScenario.parkLoop.route(origin: RouteScenario.defaultOrigin)
            do {
                let run = try RunSimulator(parameters: parameters, seed: 3).simulate(route: route)
                for fix in run.track.fixes {
                    #expect(fix.latitude.isFinite && abs(fix.latitude) <= 90 && fix.longitude.isFinite && abs(fix.longitude) <= 180,
                            "\(name)=\(text): position \(fix.latitude), \(fix.longitude)")
                    if let t = fix.time { #expect(t.isFinite && t >= 0 && t < 4.2e9, "\(name)=\(text): time \(t)") }
                }
            } catch let error as SimulationError {
                #expect("\(error)".contains(name.split(separator: ".").first.map(String.init) ?? name) || "\(error)".contains("fix"),
                        "\(name)=\(text): \(error)")
            }
        }
    }

    /// More gaps than fit is an error that says so, where it trapped (42 gaps) or hung (100 000).
    @Test func gapsThatDoNotFitAreAnError() throws {
        var parameters = SimulationParameters()
        parameters.gaps.count = 42
        let route = try RouteScenario.parkLoop.route(origin: RouteScenario.defaultOrigin)
        #expect(throws: SimulationError.self) { try RunSimulator(parameters: parameters, seed: 1).simulate(route: route) }
        parameters.gaps.count = 100_000
        #expect(parameters.problems.contains { $0.contains("gaps.count must be at most 100") })
    }
}
