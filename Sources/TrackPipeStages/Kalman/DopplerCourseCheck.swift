import Foundation
import TrackPipe

/// Whether a receiver's courses describe its direction of travel, so `track-smoother` measures the velocity by them
/// only when they do (`check-courses`): each course against the direction from the position ``span`` seconds before
/// its fix to the one ``span`` seconds after.
///
/// A Doppler course is accurate to a few degrees while moving, and the positions' own direction over a few seconds
/// to some ten (the simulated urban canyon's median difference 17°, an RTK drive's 0.5°); a course more than 90°
/// off is rare (at most 10 % of the fixes on the committed simulated runs and the accuracy sweep's — its
/// urban-canyon-like family with multipath bursts the most — none on the RTK drive and the SiRF logger). The Apple Watch run's export carries a "course" on 682 of its 1559 fixes that is
/// not the direction of travel — median 60° off, 36 % of them more than 90° — while its speeds match its
/// positions to 0.1 %: measured as velocities, those courses pull the smoothed track across the runner's path (37 m RMS from the recorded positions, 107 m at most; 1.0 m
/// without them). A
/// track whose courses are contrary at ``contraryFraction`` of the fixes or more is judged to report no course:
/// its speeds are measured as speeds alone.
struct DopplerCourseCheck: Equatable {
    /// Courses more than 90° from the direction of travel.
    var contrary: Int
    /// Courses compared (fixes with a course and a speed of at least ``minimumSpeed``, and a displacement of at least
    /// ``minimumDisplacement`` about them).
    var compared: Int

    /// Seconds before and after a fix to the positions its direction of travel is measured between.
    static let span = 2.0
    /// Least distance (m) between those two positions: below it the positions' noise decides the direction.
    static let minimumDisplacement = 4.0
    /// Least speed (m/s) of a fix whose course is compared: slower, a receiver's course is the direction of its
    /// velocity noise (a standing runner's positions still wander metres in 4 s).
    static let minimumSpeed = 1.0
    /// Fewest courses compared to judge them (fewer: the courses are trusted).
    static let minimumCompared = 30
    /// The share of contrary courses from which a track's courses are not measured.
    static let contraryFraction = 0.2

    /// Contrary courses over courses compared.
    var fraction: Double { compared > 0 ? Double(contrary) / Double(compared) : 0 }

    /// True when the courses are not the direction of travel: at least ``minimumCompared`` compared and
    /// ``contraryFraction`` of them contrary.
    var coursesAreContrary: Bool { compared >= Self.minimumCompared && fraction >= Self.contraryFraction }

    /// Compares every finite course of a fix of `fixes` (time order) moving at ``minimumSpeed`` or more with the direction between the latest fix at least
    /// ``span`` seconds before it and the earliest at least ``span`` after it, when those lie at most 2·``span`` + 1 s
    /// from it in all.
    static func measure(_ fixes: [Fix]) -> DopplerCourseCheck {
        var check = DopplerCourseCheck(contrary: 0, compared: 0)
        var before = 0, after = 0
        for k in fixes.indices {
            guard let course = fixes[k].course, course.isFinite, let t = fixes[k].time,
                  let speed = fixes[k].speed, speed >= minimumSpeed else { continue }
            // The latest fix at least `span` before k, and the earliest at least `span` after it.
            while before + 1 < k, let next = fixes[before + 1].time, t - next >= span { before += 1 }
            if after < k { after = k }
            while after < fixes.count - 1, let ta = fixes[after].time, ta - t < span { after += 1 }
            guard before < k, k < after, let t0 = fixes[before].time, let t1 = fixes[after].time,
                  t - t0 >= span, t1 - t >= span, t1 - t0 <= 2 * span + 1 else { continue }
            // The displacement on the local flat frame; the course is more than 90° from it when the course's unit
            // vector has a negative component along it (no bearing is worked out: a sine and a cosine a fix).
            let (east, north) = Geodesy.localOffset(fixes[before].point, fixes[after].point)
            guard east * east + north * north >= minimumDisplacement * minimumDisplacement else { continue }
            let radians = course * (.pi / 180)
            check.compared += 1
            if east * sin(radians) + north * cos(radians) < 0 { check.contrary += 1 }
        }
        return check
    }
}
