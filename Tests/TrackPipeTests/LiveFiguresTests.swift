import Testing
@testable import TrackPipe

/// `LiveFigures` by hand on the equator (111 319.49 m per degree of longitude; the accumulator's default formula
/// agrees within 0.2 % there): 5 m every second for 20 s, a 20-s stop marked paused, then 2.5 m every second.
@Suite struct LiveFiguresTests {
    func fix(_ i: Int, east: Double, paused: Bool = false) -> Fix {
        var f = Fix(time: 1_700_000_000 + Double(i), latitude: 0, longitude: east / 111_319.49, horizontalAccuracy: 3, sourceIndex: i)
        f.paused = paused
        return f
    }

    @Test func paceFollowsTheLastWindowOfMovingTimeAndIgnoresPauses() {
        var live = LiveFigures(paceWindow: 10)
        var east = 0.0
        var figures: [LiveFigures.Figures] = []
        for i in 0..<60 {
            if i > 0, i <= 20 { east += 5 } else if i > 40 { east += 2.5 }
            figures.append(live.add(fix(i, east: east, paused: i > 20 && i <= 40)))
        }
        #expect(figures[0].pace == nil && figures[0].distance == 0 && figures[0].movingTime == 0)
        #expect(abs((figures[20].pace ?? .nan) - 0.2) < 1e-3)  // 5 m/s
        #expect(abs(figures[20].distance - 100) < 0.2)
        // While paused, neither distance nor moving time grows, and the pace shown stays the last one.
        #expect(figures[40].movingTime == 20 && abs(figures[40].distance - 100) < 0.2)
        #expect(abs((figures[40].pace ?? .nan) - 0.2) < 1e-3)
        // 10 s after moving again the window holds only the slow part: 2.5 m/s.
        #expect(abs((figures[50].pace ?? .nan) - 0.4) < 1e-3)
        #expect(figures[59].movingTime == 39 && abs(figures[59].distance - 147.5) < 0.3)
        // Never revised: each figure is a function of the fixes so far (distance never shrinks).
        for (a, b) in zip(figures, figures.dropFirst()) { #expect(b.distance >= a.distance) }
    }
}
