import Foundation
import Testing
import TestSupport
import TrackPipe
import TrackPipeLab
@testable import TrackPipeStages
import TrackPipeTesting

/// `DopplerSpeedNoise`: the receiver's velocity noise is found from the readings themselves, and taking it out of
/// the speeds removes their overcount (the magnitude of a noisy velocity reads high by about σ²/(2‖v‖)).
@Suite struct DopplerSpeedNoiseTests {
    /// `count` seconds at a steady 3 m/s east, each axis of the velocity with white noise σ; `withCourse` false keeps only
    /// the speed (the velocity's magnitude), as a receiver that reports no course.
    func readings(sigma: Double, withCourse: Bool, seed: UInt64, count: Int = 600) -> (times: [Double], readings: [DopplerMean.Reading?]) {
        var rng = Xoshiro256StarStar(seed: seed)
        let fixtures = TrackFixtures()
        var times: [Double] = [], out: [DopplerMean.Reading?] = []
        for k in 0..<count {
            let ve = 3 + sigma * rng.gaussian(), vn = sigma * rng.gaussian()
            var f = fixtures.fix(k, t: Double(k), east: 3 * Double(k), accuracy: 3)
            f.speed = (ve * ve + vn * vn).squareRoot()
            if withCourse { f.course = (atan2(ve, vn) * 180 / .pi + 360).truncatingRemainder(dividingBy: 360) }
            times.append(Double(k))
            out.append(DopplerMean.Reading(f))
        }
        return (times, out)
    }

    /// The estimate of σ² (per axis) is within 20 % of the noise put in, from velocities and from speeds alone;
    /// and the debiased speeds' mean is within 0.004 m/s of the true 3 m/s where the measured speeds' is
    /// 0.3²/(2·3) = 0.015 m/s high (by hand: the noise across the motion lengthens the vector).
    @Test func findsTheNoiseAndTakesItsOvercountOut() {
        for withCourse in [true, false] {
            let (times, readings) = readings(sigma: 0.3, withCourse: withCourse, seed: withCourse ? 3 : 4, count: 20_000)
            let variances = DopplerSpeedNoise.variances(times: times, readings: readings)
            let middle = variances[30..<19_970]
            let meanVariance = middle.reduce(0, +) / Double(middle.count)
            #expect(abs(meanVariance - 0.09) / 0.09 < 0.2, "σ² \(meanVariance), course \(withCourse)")
            let measured = readings.compactMap { $0?.speed }
            let debiased = zip(readings, variances).compactMap { r, v in r.map { DopplerSpeedNoise.debiased($0, variance: v).speed } }
            let meanMeasured = measured.reduce(0, +) / Double(measured.count)
            let meanDebiased = debiased.reduce(0, +) / Double(debiased.count)
            #expect(meanMeasured - 3 > 0.01, "measured \(meanMeasured)")
            #expect(abs(meanDebiased - 3) < 0.004, "debiased \(meanDebiased), course \(withCourse)")
        }
    }

    /// A steady turn without noise (3 m/s round a 30 m circle) is not taken for noise: the velocity's second
    /// differences are the turn's, 3 · 0.1² · … ≈ 0.03 m/s², so σ² stays under 2e-4 and the speed within 1 mm/s.
    @Test func aSteadyTurnIsNotNoise() {
        let fixtures = TrackFixtures()
        var times: [Double] = [], readings: [DopplerMean.Reading?] = []
        for k in 0..<300 {
            let angle = 0.1 * Double(k)
            var f = fixtures.fix(k, t: Double(k), east: 30 * sin(angle), north: 30 * cos(angle), accuracy: 3)
            f.speed = 3
            f.course = (90 + angle * 180 / .pi).truncatingRemainder(dividingBy: 360)
            times.append(Double(k))
            readings.append(DopplerMean.Reading(f))
        }
        let variances = DopplerSpeedNoise.variances(times: times, readings: readings)
        #expect(variances.allSatisfy { $0 < 2e-4 }, "largest \(variances.max() ?? 0)")
        for (r, v) in zip(readings, variances) {
            #expect(abs(DopplerSpeedNoise.debiased(r!, variance: v).speed - 3) < 0.001)
        }
    }

    /// Too few readings near a fix (a gap, missing speeds) give no estimate, so no correction; a speed below the
    /// noise becomes 0 with its velocity, never NaN.
    @Test func withoutEnoughReadingsNothingIsCorrected() {
        let (times, full) = readings(sigma: 0.3, withCourse: true, seed: 5)
        let sparse = full.enumerated().map { $0.offset % 2 == 0 ? nil : $0.element }
        #expect(DopplerSpeedNoise.variances(times: times, readings: sparse).allSatisfy { $0 == 0 })
        let short = DopplerSpeedNoise.variances(times: Array(times.prefix(5)), readings: Array(full.prefix(5)))
        #expect(short.allSatisfy { $0 == 0 })
        let slow = DopplerSpeedNoise.debiased(full[0]!, variance: 100)
        #expect(slow.speed == 0 && slow.velocity?.east == 0 && slow.velocity?.north == 0)
    }
}
