import Foundation
import Testing
import TrackPipe
@testable import TrackPipeIO
import TrackPipeLab
import TestSupport

/// A long GPX document is read in parts on several cores (`GPXPartitionedRead`). Whatever the document, the parts
/// must read exactly what one pass reads — the same fixes, record indices, segments, names, and rejected records
/// with the same lines and columns — or decline, so that the one pass reads it. Documents here are generated with
/// the structures that could tell the two apart: several tracks and segments, names and types after the points,
/// waypoints and routes, rejected points, comments and CDATA that look like `<trkpt>`, prefixes declared below
/// the root, one-line documents, CRLF and lone-CR line breaks; and cut into 2–5 parts (the part size set small).
@Suite struct GPXPartitionedReadTests {
    struct Options {
        var lineBreak = "\n"
        var indent = "  "
        var rejectedShare = 0.0
        var decoys = false
        var prefixOnTrack = false
    }

    /// A random GPX document: 1–3 tracks of 1–3 segments of 0–60 points, with names, types, waypoints, a route.
    func document(seed: UInt64, _ o: Options) -> String {
        var rng = SplitMix64(seed: 4_100 + seed)
        let br = o.lineBreak, ind = o.indent
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>" + br
        s += "<gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\""
        s += o.prefixOnTrack ? ">" : " xmlns:gpxtpx=\"http://www.garmin.com/xmlschemas/TrackPointExtension/v2\">"
        s += br
        if Bool.random(using: &rng) { s += ind + "<metadata><name>doc \(seed)</name></metadata>" + br }
        if Bool.random(using: &rng) { s += ind + "<wpt lat=\"51.1\" lon=\"-2.1\"><name>w</name></wpt>" + br }
        var t = 1_700_000_000
        for track in 0..<Int.random(in: 1...3, using: &rng) {
            let declares = o.prefixOnTrack ? " xmlns:gpxtpx=\"http://www.garmin.com/xmlschemas/TrackPointExtension/v2\"" : ""
            s += ind + "<trk\(declares)>" + br
            // Non-ASCII text: columns count characters, not bytes.
            if Bool.random(using: &rng) { s += ind + ind + "<name>track \(track) – Läufe 🏃</name>" + br }
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                s += ind + ind + "<trkseg>" + br
                for _ in 0..<Int.random(in: 0...60, using: &rng) {
                    t += Int.random(in: 1...3, using: &rng)
                    var lat = String(format: "%.7f", Double.random(in: 51...52, using: &rng))
                    var time = ISO8601Time.format(Double(t)) ?? ""
                    if Double.random(in: 0...1, using: &rng) < o.rejectedShare {
                        if Bool.random(using: &rng) { lat = "9x" } else { time = "yesterday" }
                    }
                    s += ind + ind + ind + "<trkpt lat=\"\(lat)\" lon=\"\(String(format: "%.7f", Double.random(in: -3 ... -2, using: &rng)))\">"
                    s += "<ele>\(Int.random(in: 0...90, using: &rng))</ele><time>\(time)</time>"
                    if Bool.random(using: &rng) { s += "<hdop>\(Int.random(in: 1...9, using: &rng))</hdop>" }
                    if Bool.random(using: &rng) {
                        s += "<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>\(Int.random(in: 90...180, using: &rng))</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions>"
                    }
                    s += "</trkpt>" + br
                    if o.decoys, Int.random(in: 0..<8, using: &rng) == 0 {
                        // A whole point in a comment reads as one if a part began there; half of one does not.
                        s += ind + ind + ind + [
                            "<!-- <trkpt lat=\"1\" lon=\"2\"></trkpt> -->", "<!-- <trkpt lat=\"1\" lon=\"2\"> -->",
                            "<desc><![CDATA[ <trkpt lat=\"3\" lon=\"4\"> ]]></desc>",
                        ][Int.random(in: 0..<3, using: &rng)] + br
                    }
                }
                s += ind + ind + "</trkseg>" + br
            }
            if Bool.random(using: &rng) { s += ind + ind + "<type>running</type>" + br }
            s += ind + "</trk>" + br
        }
        if Bool.random(using: &rng) {
            s += ind + "<rte><name>r</name><rtept lat=\"51.2\" lon=\"-2.2\"/><rtept lat=\"51.3\" lon=\"-2.3\"/></rte>" + br
        }
        return s + "</gpx>" + br
    }

    /// Reads `text` in one pass and in `cores` parts; expects the same wherever the parts are used. Returns whether
    /// they were.
    @discardableResult
    func compare(_ text: String, cores: Int, sourceLocation: SourceLocation = #_sourceLocation) throws -> Bool {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { b in
            let whole = try GPXReader.readWhole(b, sourceName: "t.gpx")
            guard let parts = GPXPartitionedRead.read(b, sourceName: "t.gpx", cores: cores,
                                                      minimumPartSize: max(1, b.count / cores)) else { return false }
            #expect(parts.fixes == whole.fixes, sourceLocation: sourceLocation)
            #expect(parts.rejected == whole.rejected, sourceLocation: sourceLocation)
            #expect(parts.trackName == whole.trackName, sourceLocation: sourceLocation)
            #expect(parts.documentName == whole.documentName, sourceLocation: sourceLocation)
            #expect(parts.activityText == whole.activityText, sourceLocation: sourceLocation)
            #expect(parts.waypoints == whole.waypoints, sourceLocation: sourceLocation)
            #expect(parts.recordIndex == whole.recordIndex, sourceLocation: sourceLocation)
            return true
        }
    }

    @Test(arguments: 0..<30)
    func partsReadWhatOnePassReads(seed: UInt64) throws {
        let layouts = [Options(), Options(lineBreak: "", indent: ""), Options(lineBreak: "\r\n", indent: "\t"),
                       Options(rejectedShare: 0.1), Options(lineBreak: "", indent: "", rejectedShare: 0.1),
                       Options(lineBreak: "\r\n", rejectedShare: 0.1, decoys: true),
                       Options(lineBreak: "\r", rejectedShare: 0.1)]
        var used = 0
        for (k, o) in layouts.enumerated() {
            let text = document(seed: seed * 10 + UInt64(k), o)
            for cores in 2...5 where try compare(text, cores: cores) { used += 1 }
        }
        // The parts are used on most of them (not declined every time, which would test nothing).
        #expect(used >= 12)
    }

    /// Every bundled GPX recording and dataset (phones, watches, loggers, GPSBabel's test files; namespaces,
    /// extensions, waypoints, several segments) cut into 2–5 parts: the same as one pass wherever the parts are used,
    /// and used on most of them.
    @Test func bundledRecordingsReadAlike() throws {
        let folders = [TestData.root.appendingPathComponent("real"), TestData.datasets]
        var files: [URL] = []
        for folder in folders {
            let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
            while let url = walk?.nextObject() as? URL {
                if url.pathExtension == "gpx" { files.append(url) }
            }
        }
        #expect(files.count >= 15)
        var used = 0
        for url in files {
            let text = try String(contentsOf: url, encoding: .utf8)
            for cores in 2...5 where try compare(text, cores: cores) { used += 1 }
        }
        #expect(used >= 2 * files.count)
    }

    /// Text that looks like a `<trkpt>` inside a comment or CDATA is never a cut: the part before it does not stop
    /// there, so the parts decline (or cut elsewhere) and nothing is read twice or lost.
    @Test(arguments: 0..<10)
    func decoysAreNotCuts(seed: UInt64) throws {
        var o = Options()
        o.decoys = true
        let text = document(seed: 900 + seed, o)
        for cores in 2...5 { try compare(text, cores: cores) }
    }

    /// A cut whose first point is rejected, a prefix declared on `<trk>` (unknown to the next part) and a document
    /// type declaration each make the parts decline; the one pass reads as always.
    @Test func declinesWhatItCannotProve() throws {
        let point = #"<trkpt lat="51.5" lon="-2.5"><time>2025-01-01T00:00:00Z</time></trkpt>"#
        let bad = #"<trkpt lat="95" lon="-2.5"><time>2025-01-01T00:00:00Z</time></trkpt>"#
        func gpx(_ points: String, root: String = "", trk: String = "", doctype: String = "",
                 encoding: String = "UTF-8") -> String {
            "<?xml version=\"1.0\" encoding=\"\(encoding)\"?>\n\(doctype)<gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\"\(root)>\n<trk\(trk)><trkseg>\n\(points)</trkseg></trk></gpx>\n"
        }
        let many = String(repeating: point + "\n", count: 40)
        // Control: the plain document is read in parts.
        #expect(try compare(gpx(many), cores: 2))
        // The point at the cut is rejected.
        let rejectedAtCut = gpx(String(repeating: point + "\n", count: 20) + String(repeating: bad + "\n", count: 20))
        #expect(try !compare(rejectedAtCut, cores: 2))
        // The extension prefix is declared on <trk>, which the later part's prefix does not repeat.
        let ext = #"<trkpt lat="51.5" lon="-2.5"><extensions><x:hr>99</x:hr></extensions></trkpt>"#
        let onTrack = gpx(String(repeating: ext + "\n", count: 40), trk: #" xmlns:x="urn:x""#)
        #expect(try !compare(onTrack, cores: 2))
        #expect(try !compare(gpx(many, doctype: "<!DOCTYPE gpx [<!ENTITY e \"x\">]>\n"), cores: 2))
        // An encoding libxml2 converts: its offsets are not the file's bytes.
        #expect(try !compare(gpx(many, encoding: "ISO-8859-1"), cores: 2))
    }

    /// A document that is not well-formed after the cut: the parts decline, and the reader throws the one pass's
    /// error, with its line.
    @Test func malformedAfterTheCutThrowsAsOnePass() throws {
        let point = #"<trkpt lat="51.5" lon="-2.5"><time>2025-01-01T00:00:00Z</time></trkpt>"#
        let text = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n<trk><trkseg>\n"
            + String(repeating: point + "\n", count: 60) + "<trkpt lat=\"1\" lon=\"2\"></trkseg></trk></gpx>\n"
        let bytes = Array(text.utf8)
        try bytes.withUnsafeBufferPointer { b in
            #expect(GPXPartitionedRead.read(b, sourceName: "t.gpx", cores: 2, minimumPartSize: b.count / 2) == nil)
            do {
                _ = try GPXReader.readWhole(b, sourceName: "t.gpx")
                Issue.record("the one pass read a malformed document")
            } catch let error as TrackReadError {
                #expect(error.line == 64)
            }
        }
    }

    /// Through the public reader, on a document long enough to be read in parts on any machine with two cores
    /// (24 000 points, about 2.4 MB, one in a hundred rejected): the same track as one pass.
    @Test func longDocumentThroughTheReader() throws {
        var rng = SplitMix64(seed: 4_242)
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n"
        text += "  <trk>\n    <name>long</name>\n    <trkseg>\n"
        for k in 0..<24_000 {
            let lat = k % 100 == 37 ? "north" : String(format: "%.7f", Double.random(in: 51...52, using: &rng))
            text += "      <trkpt lat=\"\(lat)\" lon=\"\(String(format: "%.7f", Double.random(in: -3 ... -2, using: &rng)))\">"
            text += "<ele>\(k % 90)</ele><time>\(ISO8601Time.format(Double(1_700_000_000 + k)) ?? "")</time></trkpt>\n"
        }
        text += "    </trkseg>\n  </trk>\n</gpx>\n"
        let bytes = Array(text.utf8)
        try bytes.withUnsafeBufferPointer { b in
            let whole = try GPXReader.readWhole(b, sourceName: "t.gpx")
            let track = try GPXReader.read(b, sourceName: "t.gpx")
            #expect(whole.fixes.count == 23_760)
            #expect(track.fixes == whole.fixes)
            #expect(track.rejected == whole.rejected)
            #expect(track.name == "long")
            if SideBySide.processorCount >= 2 {
                #expect(GPXPartitionedRead.read(b, sourceName: "t.gpx") != nil)
            }
        }
    }

    /// The byte search the cuts are found with gives the first occurrence, as a plain scan does: patterns at the
    /// start, at the very end, after a false start that shares their first bytes (`<<trk<trkpt`), absent, and in
    /// buffers shorter than the pattern or empty.
    @Test func byteSearchFindsTheFirstOccurrence() {
        func scan(_ pattern: [UInt8], _ bytes: [UInt8]) -> Int? {
            guard bytes.count >= pattern.count else { return nil }
            return (0...(bytes.count - pattern.count)).first { Array(bytes[$0..<($0 + pattern.count)]) == pattern }
        }
        var rng = SplitMix64(seed: 5)
        let alphabet = Array("<trkpt >".utf8)
        var cases: [[UInt8]] = [[], Array("<trk".utf8), Array("<trkpt".utf8), Array("<<trk<trkpt".utf8),
                                Array("x<trkpt".utf8), Array("<trkp".utf8) + Array("<trkpt".utf8)]
        for _ in 0..<2000 {
            cases.append((0..<Int.random(in: 0...40, using: &rng)).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &rng)] })
        }
        var found = 0
        for bytes in cases {
            for text in ["<trkpt", "<!DOCTYPE", "<", "t"] {
                let got = bytes.withUnsafeBufferPointer { GPXPartitionedRead.firstIndex(of: text, in: $0) }
                let expected = scan(Array(text.utf8), bytes)
                #expect(got == expected, "\(text) in \(String(decoding: bytes, as: UTF8.self))")
                if expected != nil { found += 1 }
            }
        }
        #expect(found > 2000)
    }
}
