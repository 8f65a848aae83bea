import Foundation
import Testing
import TrackPipe
import TrackPipeIO

/// The spec digest against SHA-256 values computed independently (FIPS 180-2 examples, Python's hashlib).
@Suite struct SpecDigestTests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func knownVectors(text: String, expected: String) {
        #expect(SpecDigest.sha256Hex(text) == expected)
    }

    /// A million bytes, many blocks (the run store hashes whole input files): FIPS 180-2's third example.
    @Test func aMillionBytes() {
        #expect(SpecDigest.sha256Hex(bytes: [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
                    == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// A spec's content hash is the digest of its canonical JSON (value from Python's hashlib), the same for
    /// any layout or key order.
    @Test func contentHashIsTheDigestOfTheCanonicalText() throws {
        let a = try PipelineSpec.parse(Data(#"{"version":1,"name":"x","stages":[{"stage":"drop-odd","limit":5}]}"#.utf8)).get()
        let b = try PipelineSpec.parse(Data("{\n \"stages\": [ {\"limit\": 5, \"stage\": \"drop-odd\"} ],\n \"name\": \"x\", \"version\": 1 }".utf8)).get()
        let expected = "5e8b4b8892ccb60639fe56a43087e1929be6f5896f2aa5db52b8ea9909940ef3"
        #expect(a.contentHash == expected)
        #expect(b.contentHash == expected)
        let provenance = Provenance(pipelineName: "x", canonicalSpec: a.canonicalJSON, trackpipeVersion: "t")
        #expect(provenance.pipelineHash == expected)
    }
}
