import Testing
import TrackPipe

/// `StageEmitter.summarize` replaces a figure by its key wherever it stands and appends a new key at the end, in
/// whatever order figures are set — the same summary as a list updated by searching for the key every time (the
/// emitter first looks where the next figure stood last time, which must not change the result).
struct StageEmitterSummaryTests {
    @Test(arguments: 0..<30)
    func summaryMatchesSearchingByKey(seed: UInt64) {
        var state = seed &* 2_862_933_555_777_941_757 &+ 3_037_000_493
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        let keys = ["distance", "elapsed-time", "moving-time", "average-moving-speed", "average-moving-pace", "max"]
        var emitter = StageEmitter(label: "s")
        var expected: [SummaryItem] = []
        for step in 0..<300 {
            // Mostly the same cycle of keys (a stage keeping its figures current), sometimes any key.
            let key = next(4) == 0 ? keys[next(keys.count)] : keys[step % keys.count]
            let value = Double(next(1000)), label = "label \(key) \(next(2))"
            emitter.summarize(key, label: label, value: value, unit: .metres)
            if let i = expected.firstIndex(where: { $0.key == key }) {
                expected[i].value = value
                expected[i].label = label
            } else {
                expected.append(SummaryItem(key: key, label: label, value: value, unit: .metres, stage: "s"))
            }
            #expect(emitter.output.summary == expected, "seed \(seed), step \(step)")
        }
    }
}
