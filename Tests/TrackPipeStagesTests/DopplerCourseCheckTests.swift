import Foundation
import Testing
import TrackPipe
import TrackPipeLab
@testable import TrackPipeStages
import TrackPipeTesting

/// `track-smoother`'s course check (`DopplerCourseCheck`): courses that are the direction of travel are measured;
/// a track whose courses are contrary at a fifth of its fixes or more has them ignored.
@Suite struct DopplerCourseCheckTests {
    /// 5 minutes at 3 m/s, 1 Hz, on a square of 150 m legs (so every heading occurs), positions with 1.5 m of white
    /// noise; each fix's course is the true heading plus 5° of noise, or, for every `contraryEvery`-th fix, the
    /// opposite direction (0: never).
    static func square(contraryEvery: Int, seed: UInt64, seconds: Int = 300) -> [Fix] {
        var rng = Xoshiro256StarStar(seed: seed)
        let fixtures = TrackFixtures()
        var fixes: [Fix] = []
        for k in 0..<seconds {
            let along = 3.0 * Double(k)
            let leg = Int(along / 150) % 4, s = along.truncatingRemainder(dividingBy: 150)
            // East, north, south... as a square: (0,0) → (150,0) → (150,150) → (0,150) → (0,0).
            let (e, n, heading): (Double, Double, Double) = switch leg {
            case 0: (s, 0, 90)
            case 1: (150, s, 0)
            case 2: (150 - s, 150, 270)
            default: (0, 150 - s, 180)
            }
            var f = fixtures.fix(k, t: Double(k), east: e + 1.5 * rng.gaussian(), north: n + 1.5 * rng.gaussian(), speed: 3)
            let contrary = contraryEvery > 0 && k % contraryEvery == 0
            f.course = ((heading + (contrary ? 180 : 0) + 5 * rng.gaussian()).truncatingRemainder(dividingBy: 360) + 360)
                .truncatingRemainder(dividingBy: 360)
            fixes.append(f)
        }
        return fixes
    }

    /// Courses along the track: about none contrary (only near the corners, where the positions 2 s either side
    /// cut across), and trusted.
    @Test(arguments: [UInt64(1), 2, 3])
    func coursesAlongTheTrackAreTrusted(seed: UInt64) {
        let check = DopplerCourseCheck.measure(Self.square(contraryEvery: 0, seed: seed))
        // Every fix but the first and last two seconds' is compared (each pair of positions lies 12 m apart).
        #expect(check.compared == 296)
        #expect(check.fraction < 0.02, "\(check.contrary) of \(check.compared) contrary")
        #expect(!check.coursesAreContrary)
    }

    /// Every fourth course reversed: a quarter contrary (the threshold is a fifth), so ignored; every tenth: trusted.
    @Test func contraryCoursesAreFound() {
        let quarter = DopplerCourseCheck.measure(Self.square(contraryEvery: 4, seed: 4))
        #expect(abs(quarter.fraction - 0.25) < 0.02, "fraction \(quarter.fraction)")
        #expect(quarter.coursesAreContrary)
        let tenth = DopplerCourseCheck.measure(Self.square(contraryEvery: 10, seed: 5))
        #expect(abs(tenth.fraction - 0.1) < 0.02, "fraction \(tenth.fraction)")
        #expect(!tenth.coursesAreContrary)
    }

    /// Too few courses to judge (20 seconds: 16 compared), or standing still (speeds below 1 m/s, positions wandering
    /// 2 m per axis, random courses): trusted.
    @Test func withTooFewComparisonsCoursesAreTrusted() {
        let short = DopplerCourseCheck.measure(Self.square(contraryEvery: 1, seed: 6, seconds: 20))
        #expect(short.compared == 16 && short.contrary == 16)
        #expect(!short.coursesAreContrary)
        var rng = Xoshiro256StarStar(seed: 8)
        let standing = TrackFixtures().stationary(count: 120).map { f -> Fix in
            var f = f
            let p = f.point
            f.latitude = p.latitude + 2 * rng.gaussian() / 111_000
            f.longitude = p.longitude + 2 * rng.gaussian() / 69_000
            f.speed = 0.9
            f.course = 360 * rng.uniform()
            return f
        }
        #expect(DopplerCourseCheck.measure(standing).compared == 0)
        #expect(!DopplerCourseCheck.measure(standing).coursesAreContrary)
    }

    /// Through the stage: with a quarter of the courses reversed, `track-smoother` measures the speeds alone and says
    /// so; the smoothed track then stays near the square (within 2.5 m RMS of its outline: the fixes' noise is 1.5 m,
    /// the corners sharp; 2.0 m measured), where measuring the reversed courses pulls it off (check-courses off: 30.5 m
    /// measured; more than five times as far expected).
    @Test func theStageIgnoresContraryCourses() throws {
        let fixes = Self.square(contraryEvery: 4, seed: 7)
        func offSquare(_ parameters: [String: JSONValue]) throws -> (rms: Double, events: [StageEvent]) {
            let out = try StageHarness<TrackSmootherStage>(parameters: parameters).run(fixes)
            let frame = try LocalProjection(reference: TrackFixtures().reference)
            var squares = 0.0
            for f in out.kept {
                let p = frame.project(f.point)
                // Distance to the square's outline.
                let inside = min(abs(p.east), abs(p.east - 150), abs(p.north), abs(p.north - 150))
                let outside = max(0, -p.east, p.east - 150, -p.north, p.north - 150)
                let d = max(inside, outside)
                squares += d * d
            }
            return ((squares / Double(out.kept.count)).squareRoot(), out.events)
        }
        let checked = try offSquare([:])
        let model = try #require(checked.events.first { $0.kind == "track-smoother-model" })
        #expect(model.fields["courses-contrary"].flatMap { if case .number(let x) = $0 { x } else { nil } }.map { abs($0 - 0.25) < 0.02 } == true)
        #expect(checked.rms < 2.5, "checked: \(checked.rms) m off the square")
        let unchecked = try offSquare(["check-courses": .bool(false)])
        #expect(unchecked.events.first { $0.kind == "track-smoother-model" }?.fields["courses-contrary"] == nil)
        #expect(unchecked.rms > 5 * checked.rms, "unchecked: \(unchecked.rms) m, checked \(checked.rms) m")
    }
}
