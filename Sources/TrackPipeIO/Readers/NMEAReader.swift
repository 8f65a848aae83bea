import Foundation
import TrackPipe

/// Reads NMEA 0183 logs: GGA and RMC from any talker (`GP`, `GN`, `GL`, `GA`, `GB`, `BD`, `GQ`…), plus the
/// DOPs from GSA.
///
/// - Sentences of the same epoch (same UTC time-of-day field) are merged into one fix: position, altitude
///   (above mean sea level), fix quality, satellites and HDOP from GGA; date, status, speed (knots → m/s) and
///   course from RMC; PDOP and VDOP from the epoch's GSA. An epoch without RMC takes its date from the nearest
///   dated epoch (rolling over midnight); a log with no RMC at all has no dates, so its fixes have no time.
/// - A position the receiver marked invalid (GGA quality 0, RMC status `V`) stays a fix with
///   `horizontalAccuracy = -1` (the model's "invalid" flag) so the pipeline can drop it visibly; an epoch with no
///   position at all (empty fields while searching) becomes a `RejectedRecord` `no-fix`.
/// - Checksums of GGA, RMC and GSA sentences are verified; a sentence with a wrong or missing checksum is
///   skipped and kept as a `RejectedRecord` `bad-checksum` (or `missing-checksum`) with its line.
///   Other sentence types are not read, so their checksums are not checked.
/// - Record numbering (`Fix.sourceIndex`): epochs and rejected sentences, in file order.
/// - Lines may carry a prefix before `$` (some loggers add a timestamp); other lines are ignored.
public enum NMEAReader {
    public static func read(_ bytes: UnsafeBufferPointer<UInt8>, sourceName: String) throws -> Track {
        var epochs: [NMEAEpoch] = []
        var rejected: [RejectedRecord] = []
        var nextIndex = 0
        var lineNumber = 0
        var sawSentence = false
        var start = 0
        let n = bytes.count
        while start < n {
            var end = start
            while end < n, bytes[end] != 10 { end += 1 }
            lineNumber += 1
            defer { start = end + 1 }
            var lineEnd = end
            while lineEnd > start, bytes[lineEnd - 1] == 13 || bytes[lineEnd - 1] == 32 { lineEnd -= 1 }
            guard let dollar = (start..<lineEnd).first(where: { bytes[$0] == 36 }) else { continue }
            let sentence = UnsafeBufferPointer(rebasing: bytes[dollar..<lineEnd])
            // Type: $ + 2-letter talker + 3-letter formatter.
            guard sentence.count >= 7, sentence[6] == 44 else { continue }
            let formatter = String(decoding: sentence[3..<6], as: UTF8.self)
            guard formatter == "GGA" || formatter == "RMC" || formatter == "GSA" else { continue }
            sawSentence = true
            let column = dollar - start + 1
            let star = sentence.lastIndex(of: 42)
            guard let star, star + 3 <= sentence.count else {
                rejected.append(RejectedRecord(sourceIndex: nextIndex, line: lineNumber, column: column,
                                               rule: "missing-checksum", reason: "\(formatter) sentence has no *hh checksum"))
                nextIndex += 1
                continue
            }
            var sum: UInt8 = 0
            for k in 1..<star { sum ^= sentence[k] }
            let given = String(decoding: sentence[(star + 1)..<(star + 3)], as: UTF8.self)
            guard let expected = UInt8(given, radix: 16), expected == sum else {
                rejected.append(RejectedRecord(
                    sourceIndex: nextIndex, line: lineNumber, column: column, rule: "bad-checksum",
                    reason: "\(formatter) checksum is \(given), the sentence sums to \(String(format: "%02X", sum))"))
                nextIndex += 1
                continue
            }
            let fields = String(decoding: sentence[1..<star], as: UTF8.self)
                .split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            if formatter == "GSA" {
                guard !epochs.isEmpty, fields.count >= 18 else { continue }
                epochs[epochs.count - 1].pdop = number(fields[15]) ?? epochs[epochs.count - 1].pdop
                epochs[epochs.count - 1].vdop = number(fields[17]) ?? epochs[epochs.count - 1].vdop
                if epochs[epochs.count - 1].hdop == nil { epochs[epochs.count - 1].hdop = number(fields[16]) }
                epochs[epochs.count - 1].gsaFixType = Int(fields[2])
                continue
            }
            let timeKey = fields.count > 1 ? fields[1] : ""
            if epochs.last?.timeKey != timeKey || epochs.isEmpty {
                epochs.append(NMEAEpoch(sourceIndex: nextIndex, line: lineNumber, timeKey: timeKey,
                                        secondsOfDay: secondsOfDay(timeKey)))
                nextIndex += 1
            }
            var e = epochs[epochs.count - 1]
            if formatter == "GGA", fields.count >= 10 {
                // GGA: time, lat, N/S, lon, E/W, quality, sats, hdop, alt, M, geoid sep, M, …
                switch position(fields, from: 2) {
                case .some(.success(let p)): (e.latitude, e.longitude) = (p.latitude, p.longitude)
                case .some(.failure(let problem)): e.coordinateProblem = problem.reason
                case nil: break
                }
                e.ggaQuality = Int(fields[6])
                e.satellites = Int(fields[7])
                e.hdop = number(fields[8])
                e.altitude = number(fields[9])
            } else if formatter == "RMC", fields.count >= 10 {
                // RMC: time, status, lat, N/S, lon, E/W, speed kn, course, ddmmyy, magvar, E/W, mode
                e.rmcValid = fields[2] == "A"
                if e.latitude == nil {
                    switch position(fields, from: 3) {
                    case .some(.success(let p)): (e.latitude, e.longitude) = (p.latitude, p.longitude)
                    case .some(.failure(let problem)): e.coordinateProblem = problem.reason
                    case nil: break
                    }
                }
                e.speed = number(fields[7]).map { $0 * 1852.0 / 3600.0 }
                e.course = number(fields[8])
                e.day = day(fields[9])
                if fields.count >= 13, let m = fields[12].first { e.rmcMode = m }
            }
            epochs[epochs.count - 1] = e
        }
        guard sawSentence else {
            throw TrackReadError(file: sourceName, message: "no NMEA GGA or RMC sentence found; expected lines such as $GPGGA,…*hh")
        }
        let days = assignDays(epochs)
        var track = Track(sourceFormat: TrackFormat.nmea.rawValue)
        for (k, e) in epochs.enumerated() {
            if e.latitude == nil, let problem = e.coordinateProblem {
                rejected.append(RejectedRecord(sourceIndex: e.sourceIndex, line: e.line, column: 1,
                                               rule: "unparseable-coordinate", reason: "epoch \(e.timeKey): \(problem)"))
                continue
            }
            guard let lat = e.latitude, let lon = e.longitude else {
                rejected.append(RejectedRecord(sourceIndex: e.sourceIndex, line: e.line, column: 1, rule: "no-fix",
                                               reason: "epoch \(e.timeKey) has no position (the receiver had no fix)"))
                continue
            }
            if let p = CoordinateCheck.problem(latitude: lat, longitude: lon) {
                rejected.append(RejectedRecord(sourceIndex: e.sourceIndex, line: e.line, column: 1, rule: p.rule, reason: p.reason))
                continue
            }
            if e.secondsOfDay == nil, !e.timeKey.isEmpty {
                rejected.append(RejectedRecord(sourceIndex: e.sourceIndex, line: e.line, column: 1, rule: "unparseable-time",
                                               reason: "epoch time \"\(e.timeKey)\" is not hhmmss[.ss] within 000000–235959 (leap seconds are not accepted)"))
                continue
            }
            var time: Double?
            if let sod = e.secondsOfDay, let d = days[k] { time = Double(d) * 86_400 + sod }
            var fix = Fix(time: time, latitude: lat, longitude: lon, altitude: e.altitude,
                          horizontalAccuracy: e.markedInvalid ? -1 : nil, speed: e.speed, course: e.course,
                          hdop: e.hdop, vdop: e.vdop, pdop: e.pdop, satellites: e.satellites,
                          fixQuality: e.fixQuality, sourceIndex: e.sourceIndex)
            fix.estimateAccuracyFromHDOPIfMissing()
            track.fixes.append(fix)
        }
        track.rejected = rejected.sorted { $0.sourceIndex < $1.sourceIndex }
        return track
    }

    static func number(_ s: String) -> Double? {
        guard !s.isEmpty, let v = DecimalText.parseDouble(s), v.isFinite else { return nil }
        return v
    }

    /// Why a position's fields cannot be read.
    struct PositionProblem: Error {
        var reason: String
    }

    /// The position in `fields[k…k+3]` (`ddmm.mmmm`, `N|S`, `dddmm.mmmm`, `E|W`): `nil` when the fields are
    /// empty (a receiver without a fix), a problem when they are there but not a position.
    static func position(_ fields: [String], from k: Int) -> Result<(latitude: Double, longitude: Double), PositionProblem>? {
        let latText = fields[k], ns = fields[k + 1], lonText = fields[k + 2], ew = fields[k + 3]
        if latText.isEmpty, lonText.isEmpty { return nil }
        guard let lat = coordinate(latText, ns), (ns == "N" || ns == "S") else {
            return .failure(PositionProblem(reason: "latitude \"\(latText),\(ns)\" is not ddmm.mmmm (minutes below 60) with N or S"))
        }
        guard let lon = coordinate(lonText, ew), (ew == "E" || ew == "W") else {
            return .failure(PositionProblem(reason: "longitude \"\(lonText),\(ew)\" is not dddmm.mmmm (minutes below 60) with E or W"))
        }
        return .success((lat, lon))
    }

    /// `ddmm.mmmm` / `dddmm.mmmm` with hemisphere → signed degrees; `nil` when malformed (minutes ≥ 60, no
    /// hemisphere, not a number).
    static func coordinate(_ value: String, _ hemisphere: String) -> Double? {
        guard let v = number(value), v >= 0 else { return nil }
        let degrees = (v / 100).rounded(.down)
        let minutes = v - degrees * 100
        guard minutes < 60 else { return nil }
        let d = degrees + minutes / 60
        switch hemisphere {
        case "N", "E": return d
        case "S", "W": return -d
        default: return nil
        }
    }

    /// `hhmmss[.ss]` → seconds of the day; `nil` for an hour beyond 23, a minute or second beyond 59 (a leap
    /// second `…60` would collide with the next minute's first second), or text that is not such a time.
    static func secondsOfDay(_ s: String) -> Double? {
        guard s.count >= 6, let v = number(s), v >= 0 else { return nil }
        let hh = (v / 10_000).rounded(.down), mm = ((v - hh * 10_000) / 100).rounded(.down)
        let ss = v - hh * 10_000 - mm * 100
        guard hh < 24, mm < 60, ss < 60 else { return nil }
        return hh * 3600 + mm * 60 + ss
    }

    /// `ddmmyy` → days since 1970 (years 80–99 are 1980–1999, 00–79 are 2000–2079).
    static func day(_ s: String) -> Int? {
        guard s.count == 6, let v = Int(s) else { return nil }
        let dd = v / 10_000, mm = v / 100 % 100, yy = v % 100
        let year = yy >= 80 ? 1900 + yy : 2000 + yy
        guard (1...12).contains(mm), dd >= 1, dd <= ISO8601Time.daysInMonth(year: year, month: mm) else { return nil }
        return ISO8601Time.daysFromCivil(year: year, month: mm, day: dd)
    }

    /// The day of every epoch: its own RMC date, else carried forward from the previous dated epoch (+1 when the
    /// time of day goes back by more than 12 h: midnight), else back from the first dated one.
    static func assignDays(_ epochs: [NMEAEpoch]) -> [Int?] {
        var days = [Int?](repeating: nil, count: epochs.count)
        var last: (day: Int, sod: Double)?
        for (k, e) in epochs.enumerated() {
            if let d = e.day {
                days[k] = d
                if let sod = e.secondsOfDay { last = (d, sod) }
            } else if let l = last, let sod = e.secondsOfDay {
                let d = sod < l.sod - 43_200 ? l.day + 1 : l.day
                days[k] = d
                last = (d, sod)
            }
        }
        if let firstDated = epochs.indices.first(where: { epochs[$0].day != nil && epochs[$0].secondsOfDay != nil }),
           let d0 = epochs[firstDated].day, let sod0 = epochs[firstDated].secondsOfDay {
            for k in 0..<firstDated {
                if let sod = epochs[k].secondsOfDay { days[k] = sod > sod0 + 43_200 ? d0 - 1 : d0 }
            }
        }
        return days
    }
}
