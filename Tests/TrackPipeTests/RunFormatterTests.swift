import Testing
@testable import TrackPipe

@Suite struct RunFormatterTests {
    @Test func paceRoundsBeforeSplittingSoSixtySecondsNeverPrints() {
        // 5:59.6 per km is 359.6 s / 1000 m: rounds to 6:00, not 5:60.
        #expect(RunFormatter.pace(secondsPerMetre: 359.6 / 1000) == "6:00 /km")
        #expect(RunFormatter.pace(secondsPerMetre: 359.4 / 1000) == "5:59 /km")
        #expect(RunFormatter.pace(secondsPerMetre: 332.0 / 1000) == "5:32 /km")
    }

    @Test func imperialPaceIsPerMile() {
        // 8:54 per mile = 534 s per 1609.344 m.
        #expect(RunFormatter.pace(secondsPerMetre: 534 / 1609.344, units: .imperial) == "8:54 /mi")
        // 5:32 /km is 332 × 1.609344 = 534.30 s per mile → 8:54 /mi.
        #expect(RunFormatter.pace(metres: 1000, seconds: 332, units: .imperial) == "8:54 /mi")
    }

    @Test func paceOfAnHourOrMorePerUnitShowsHours() {
        #expect(RunFormatter.pace(secondsPerMetre: 3725.0 / 1000) == "1:02:05 /km")
    }

    @Test(arguments: [(0.0, 600.0), (1000.0, 0.0), (-5.0, 600.0), (1000.0, -1.0), (.nan, 600.0), (1000.0, .infinity), (.infinity, 600.0)])
    func undefinedPaceIsADash(_ metres: Double, _ seconds: Double) {
        #expect(RunFormatter.pace(metres: metres, seconds: seconds) == RunFormatter.dash)
    }

    @Test func nilInputsAreDashes() {
        #expect(RunFormatter.pace(metres: nil, seconds: 10) == "–")
        #expect(RunFormatter.pace(secondsPerMetre: nil) == "–")
        #expect(RunFormatter.duration(nil) == "–")
        #expect(RunFormatter.distance(nil) == "–")
        #expect(RunFormatter.speed(nil) == "–")
        #expect(RunFormatter.pace(secondsPerMetre: 0) == "–")
    }

    @Test func durationsAreHoursMinutesSeconds() {
        #expect(RunFormatter.duration(0) == "0:00:00")
        #expect(RunFormatter.duration(59.4) == "0:00:59")
        #expect(RunFormatter.duration(59.5) == "0:01:00")
        #expect(RunFormatter.duration(3599.6) == "1:00:00")
        #expect(RunFormatter.duration(3725) == "1:02:05")
        #expect(RunFormatter.duration(36000 + 59 * 60 + 59) == "10:59:59")
        #expect(RunFormatter.duration(-1) == "–")
        #expect(RunFormatter.duration(.nan) == "–")
        #expect(RunFormatter.duration(.infinity) == "–")
    }

    @Test func clockDropsTheHourUnderAnHour() {
        #expect(RunFormatter.clock(1503) == "25:03")
        #expect(RunFormatter.clock(3599.4) == "59:59")
        #expect(RunFormatter.clock(3599.5) == "1:00:00")
    }

    @Test func distancesInKilometresOrMiles() {
        #expect(RunFormatter.distance(10_000) == "10.00 km")
        #expect(RunFormatter.distance(10_000, decimals: 1) == "10.0 km")
        #expect(RunFormatter.distance(1609.344, units: .imperial) == "1.00 mi")
        #expect(RunFormatter.distance(0) == "0.00 km")
        #expect(RunFormatter.distance(-1) == "–")
        #expect(RunFormatter.distance(.nan) == "–")
    }

    @Test func speeds() {
        #expect(RunFormatter.speed(10 / 3.6) == "10.0 km/h")
        #expect(RunFormatter.speed(1609.344 / 3600 * 7, units: .imperial) == "7.0 mph")
        #expect(RunFormatter.speed(.infinity) == "–")
    }
}
