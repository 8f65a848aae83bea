import CCrypto
import TrackPipe

/// The SHA-256 that names a pipeline spec in every output: the digest of its canonical JSON
/// (`PipelineSpec.canonicalJSON`), as 64 lower-case hex digits. Computed with the system's
/// libcrypto, so the core module needs no cryptography of its own.
public enum SpecDigest {
    /// SHA-256 of `text`'s UTF-8 bytes, as 64 lower-case hex digits.
    public static func sha256Hex(_ text: String) -> String { sha256Hex(bytes: Array(text.utf8)) }

    /// SHA-256 of `bytes` (an input file's content, which the run store keys runs by), as 64 lower-case hex digits.
    public static func sha256Hex(bytes: [UInt8]) -> String {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        // Read through a non-mutating pointer: a mutable one would copy a shared input (megabytes per file).
        bytes.withUnsafeBufferPointer { input in
            digest.withUnsafeMutableBufferPointer { out in
                trackpipe_sha256(input.baseAddress, input.count, out.baseAddress)
            }
        }
        let hex = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(digest.count * 2)
        for byte in digest {
            out.append(hex[Int(byte >> 4)])
            out.append(hex[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension PipelineSpec {
    /// SHA-256 (hex) of the spec's canonical JSON: two specs that differ only in layout or key order have the
    /// same hash. Recorded in every output so a result can be reproduced.
    public var contentHash: String { SpecDigest.sha256Hex(canonicalJSON) }
}

extension Provenance {
    /// SHA-256 (hex) of the spec's canonical JSON (`PipelineSpec.contentHash`).
    public var pipelineHash: String { SpecDigest.sha256Hex(canonicalSpec) }
}
