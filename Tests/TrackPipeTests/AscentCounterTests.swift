import Testing
import TrackPipe

/// Ascent and descent by hand: hysteresis, no threshold, a trailing average on a ramp, time going back.
@Suite struct AscentCounterTests {
    func count(_ altitudes: [Double?], threshold: Double, window: Double = 0, times: [Double]? = nil) -> (Double, Double) {
        var c = AscentCounter(threshold: threshold, window: window)
        for (i, a) in altitudes.enumerated() { c.add(a, at: times?[i] ?? Double(i)) }
        return (c.ascent, c.descent)
    }

    @Test func hysteresisByHand() {
        // Level 0; 1 and 0.5 are within 2 m; 3 climbs 3 (level 3); 2 is within; 5 climbs 2; 1 descends 4.
        let (up, down) = count([0, 1, 0.5, 3, 2, 5, 1], threshold: 2)
        #expect(up == 5 && down == 4)
        // Threshold 0 sums every change: up 1 + 2.5 + 3, down 0.5 + 1 + 4.
        let (allUp, allDown) = count([0, 1, 0.5, 3, 2, 5, 1], threshold: 0)
        #expect(allUp == 6.5 && allDown == 5.5)
        // Missing and non-finite altitudes are skipped.
        let (u, d) = count([0, nil, .nan, 4, .infinity, 1], threshold: 2)
        #expect(u == 4 && d == 3)
    }

    @Test func trailingAverageOnARamp() {
        // 1 m/s for 100 s, 10 s window: from t = 9 the mean of t−9 … t is t − 4.5, so the counted climb ends at 95.5 m.
        let ramp = (0...100).map(Double.init)
        let (up, down) = count(ramp, threshold: 0, window: 10)
        #expect(abs(up - 95.5) < 1e-9 && down == 0)
        // Alternating 9 and 11 m: the 2-sample window averages 10 from the second sample on.
        let (u, d) = count((0..<50).map { $0 % 2 == 0 ? 9 : 11 }, threshold: 0.5, window: 2)
        #expect(u == 1 && d == 0)  // 9 → 10 once, then flat
    }

    @Test func timeGoingBackRestartsTheWindow() {
        // Window 100 s; at t = 5 the time goes back to 0: the window restarts, so 20 m is counted at once, not averaged.
        let (up, _) = count([0, 0, 0, 0, 0, 20], threshold: 0, window: 100, times: [0, 1, 2, 3, 4, 0])
        #expect(up == 20)
    }

    /// A window shorter than the times' rounding (1e-9 s at 1.7e9 s since 1970, the smallest positive window the
    /// parameter allows, 5e-324 s) averages each altitude with itself: the counts without a window. It trapped.
    @Test(arguments: [1e-9, Double.leastNonzeroMagnitude])
    func aWindowBelowTheTimesResolutionCountsEachAltitude(window: Double) {
        let altitudes: [Double?] = [0, 1, 0.5, 3, 2, 5, 1]
        let times = altitudes.indices.map { 1_700_000_000 + Double($0) }
        let (up, down) = count(altitudes, threshold: 2, window: window, times: times)
        #expect(up == 5 && down == 4)  // as hysteresisByHand
    }
}
