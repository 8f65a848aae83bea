import BenchmarkSupport
import Benchmark
import TrackPipe
import TrackPipeLab
import TrackPipeStages

/// The filter stages, each alone with its default parameters on the 2300-record reference run
/// (Tests/Data/reference/kalman/input_2300.gpx: the raw recording, as the first stage of a pipeline sees it):
/// offline (`Stage.run` on the whole track) and, for the causal ones, live (a one-stage ``LivePipeline``, fix
/// by fix, then `finish`). auto-pause also with its speed rule and on the 1559-fix Apple Watch run
/// (Tests/Data/real/applewatch-run). Issue 17's stages (≤ 0.1 µs per fix offline) on the reference run too: thin,
/// simplify, privacy-zones, fix-age (on the run with arrival times added), split-track, resample, and `places` (its
/// three gazetteer lookups per run and the farthest-point search per fix), with the gazetteer's lookup alone on
/// 1000 points near places (a run's start on land).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = BenchmarkPolicy.configuration()

    let reference = BenchmarkData.referenceRun()
    let appleWatch = BenchmarkData.track("real/applewatch-run/myfile_multseg.gpx")
    // The reference run with arrival times, as a live host stamps them: 0.8 s after the fix, every 50th 30 s (stale).
    var received = reference
    for i in received.fixes.indices { received.fixes[i].received = received.fixes[i].time.map { $0 + (i % 50 == 0 ? 30 : 0.8) } }
    let cases: [(stage: String, variant: String, parameters: String, track: Track, trackName: String)] = [
        ("accuracy-gate", "", "", reference, "reference"),
        ("discard", "all-rules", #""min-satellites": 4, "max-vdop": 5, "max-pdop": 6, "min-fix": "3d", "min-altitude": -100, "max-altitude": 5000"#, reference, "reference"),
        ("timestamp-monotonicity", "", "", reference, "reference"),
        ("timestamp-repair", "", "", reference, "reference"),
        ("superman-jump", "", "", reference, "reference"),
        ("auto-pause", "", "", reference, "reference"),
        ("auto-pause", "speed-rule", #""rule": "speed""#, reference, "reference"),
        ("auto-pause", "", "", appleWatch, "applewatch"),
        ("elevation", "", "", reference, "reference"),
        ("thin", "", "", reference, "reference"),
        ("simplify", "", "", reference, "reference"),
        // A 200 m zone where the run passes at its 20th minute, and the start and end hidden as the share preset does.
        ("privacy-zones", "zone-start-end",
         #""zones": [{"latitude": 42.3731444, "longitude": -71.05648, "radius": 200}], "hide-start": 200, "hide-end": 200"#,
         reference, "reference"),
        ("fix-age", "", "", received, "reference-received"),
        ("split-track", "gap-10s", #""max-gap": 10"#, reference, "reference"),
        ("resample", "", "", reference, "reference"),
        ("resample", "10m", #""by": "distance", "spacing": 10"#, reference, "reference"),
        ("places", "", "", reference, "reference"),
        ("places", "towns", #""min-population": 10000"#, reference, "reference"),
    ]
    for c in cases {
        let pipeline = BenchmarkData.singleStage(c.stage, parameters: c.parameters)
        let stage = pipeline.steps[0].stage
        // e.g. auto-pause.speed-rule.reference-2300.offline
        func title(_ mode: String) -> String {
            BenchmarkPolicy.name(c.stage, c.variant, "\(c.trackName)-\(c.track.fixes.count)", mode)
        }
        let input = BenchmarkData.offlineInput(pipeline, c.track)
        Benchmark(title("offline")) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try stage.run(input))
            }
        }
        guard pipeline.wholeTrackStages.isEmpty else { continue }  // timestamp-repair needs the whole track
        let fixes = c.track.fixes
        Benchmark(title("live")) { benchmark in
            var buffer: [LivePipeline.Output] = []
            for _ in benchmark.scaledIterations {
                var live = try pipeline.live(activity: c.track.activity)
                blackHole(try BenchmarkData.pushAll(fixes, into: &live, buffer: &buffer))
            }
        }
    }

    // The gazetteer alone: 1000 points 0–5 km from every 170th place (seeded), i.e. where runs start.
    if case .success(let gazetteer) = Gazetteer.cities1000 {
        var rng = SplitMix64(seed: 17)
        func unit() -> Double { Double(rng.next() >> 11) / Double(1 << 53) }
        let points = (0..<1000).map { k in
            let p = gazetteer.point(k * 170)
            return GeoPoint(latitude: p.latitude + (unit() - 0.5) * 0.09, longitude: p.longitude + (unit() - 0.5) * 0.09)
        }
        for (variant, minimum) in [("", 0), ("towns", 10_000)] {
            Benchmark(BenchmarkPolicy.name("gazetteer-nearest", variant, "land-1000", "offline")) { benchmark in
                for _ in benchmark.scaledIterations {
                    for p in points { blackHole(gazetteer.nearest(to: p, minimumPopulation: minimum)) }
                }
            }
        }
    }
}
