import Foundation
import TestSupport
import Testing
import TrackPipe
import TrackPipeIO

/// The GPX reader never resolves external entities, never loads a DTD and never expands entity bombs.
@Suite struct GPXEntitySafetyTests {
    /// A temporary file holding `text`, standing in for a secret on the reader's machine.
    func secretFile(_ text: String) throws -> URL {
        let url = try Scratch.path("secret.txt")
        try Data(text.utf8).write(to: url)
        return url
    }

    /// The track, or the error text: either outcome is fine as long as the secret never appears.
    func outcome(_ text: String) -> (track: Track?, error: String?) {
        do { return (try TrackText.read(text, .gpx, name: "xxe.gpx"), nil) } catch { return (nil, "\(error)") }
    }

    @Test func externalFileEntityIsNotRead() throws {
        // If the entity were resolved, the name would be the secret and the elevation 8848.
        let name = try secretFile("TOP-SECRET-NAME")
        let number = try secretFile("8848")
        defer {
            try? FileManager.default.removeItem(at: name)
            try? FileManager.default.removeItem(at: number)
        }
        let doc = """
            <?xml version="1.0"?>
            <!DOCTYPE gpx [
              <!ENTITY secret SYSTEM "\(name.absoluteString)">
              <!ENTITY height SYSTEM "\(number.absoluteString)">
            ]>
            <gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1">
              <trk><name>&secret;</name><trkseg><trkpt lat="1" lon="2"><ele>&height;</ele></trkpt></trkseg></trk>
            </gpx>
            """
        #expect(name.absoluteString.hasPrefix("file:///"))
        let (track, error) = outcome(doc)
        #expect(track?.name?.contains("TOP-SECRET") != true)
        #expect(track?.fixes.contains { $0.altitude == 8848 } != true)
        #expect(error?.contains("TOP-SECRET") != true && error?.contains("8848") != true)
    }

    @Test func externalParameterEntityAndDTDAreNotLoaded() throws {
        // A parameter entity pulling in an external DTD that would define the entity as the secret.
        let secret = try secretFile("TOP-SECRET-DTD")
        let dtd = try Scratch.path("remote.dtd")
        try Data("<!ENTITY leak SYSTEM \"\(secret.absoluteString)\">".utf8).write(to: dtd)
        defer {
            try? FileManager.default.removeItem(at: secret)
            try? FileManager.default.removeItem(at: dtd)
        }
        let doc = """
            <?xml version="1.0"?>
            <!DOCTYPE gpx SYSTEM "\(dtd.absoluteString)" [ <!ENTITY % remote SYSTEM "\(dtd.absoluteString)"> %remote; ]>
            <gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1">
              <trk><name>&leak;</name><trkseg><trkpt lat="1" lon="2"/></trkseg></trk>
            </gpx>
            """
        let (track, error) = outcome(doc)
        #expect(track?.name?.contains("TOP-SECRET") != true)
        #expect(error?.contains("TOP-SECRET") != true)
    }

    @Test func billionLaughsDoesNotExpand() {
        // Ten levels of ten: 10^10 "lol"s if expanded. Unexpanded, the read ends at once, with a track without
        // the text or with an error; either way no blow-up and no trap.
        var doc = "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx [\n <!ENTITY lol0 \"lol\">\n"
        for k in 1...10 {
            doc += " <!ENTITY lol\(k) \"" + String(repeating: "&lol\(k - 1);", count: 10) + "\">\n"
        }
        doc += "]>\n<gpx version=\"1.1\" creator=\"x\" xmlns=\"http://www.topografix.com/GPX/1/1\">"
        doc += "<trk><name>&lol10;</name><trkseg><trkpt lat=\"1\" lon=\"2\"/></trkseg></trk></gpx>\n"
        let (track, _) = outcome(doc)
        #expect((track?.name?.utf8.count ?? 0) < 1000)
    }
}
