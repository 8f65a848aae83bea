import Testing
import TestSupport
import TrackPipe
import TrackPipeIO
import TrackPipeStages
import TrackPipeTesting

/// The pipeline judges a track that names no activity by the inferred one: a 15 m/s drive (54 km/h) is not
/// cut to pieces by the runner's 12.5 m/s superman-jump limit, and the result says what was assumed and why,
/// while the kept track keeps what the file said (nothing).
@Suite struct InferredActivityPipelineTests {
    @Test func aDriveWithoutAnActivityIsJudgedAsDriving() throws {
        let registry = try StageRegistry.builtIn()
        let spec = #"{"version": 1, "name": "t", "stages": [{"stage": "superman-jump"}]}"#
        let pipeline = try Pipeline.load(Array(spec.utf8), registry: registry).get()
        let drive = TrackFixtures().straight(count: 120, speed: 15, accuracy: 3)

        let inferred = try pipeline.run(Track(fixes: drive))
        #expect(inferred.activity?.activity == .driving && inferred.activity?.source == .inferred)
        #expect(inferred.dropped.isEmpty && inferred.track.fixes.count == 120)
        #expect(inferred.track.activity == nil)

        let asRun = try pipeline.run(Track(activity: .running, fixes: drive))
        #expect(asRun.activity == ActivityInference(activity: .running, source: .track, reason: "the track's own activity"))
    }

    /// The Whitchurch ride's Garmin Edge 605 file names no activity. Judged as running (the default before
    /// inference), superman-jump dropped 38 of its fixes (steps above the runner's 12.5 m/s; a bike's
    /// descents reach that); inferred as cycling, none.
    @Test func theGarminEdgeRideKeepsItsFastFixes() throws {
        let registry = try StageRegistry.builtIn()
        let pipeline = try Pipeline.load(Array(PresetPipelines.defaultSpec.utf8), registry: registry).get()
        let track = try TrackReader.read(path: try TestData.real("whitchurch-ride-A/tracks/Garmin-Edge-605.gpx"))
        #expect(track.activity == nil)
        let inferred = try pipeline.run(track)
        #expect(inferred.activity?.activity == .cycling)
        #expect(inferred.stages.first { $0.label == "superman-jump" }?.dropped == 0)
        var asRun = track
        asRun.activity = .running
        #expect(try pipeline.run(asRun).stages.first { $0.label == "superman-jump" }?.dropped == 38)
    }
}
