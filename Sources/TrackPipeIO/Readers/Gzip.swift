import CZlib

/// Decompresses gzip data (RFC 1952) with the system's zlib, for track files handed out compressed —
/// `activity.fit.gz`, `ride.gpx.gz` and `.tcx.gz` in a Strava bulk export. Several members one after another
/// (what `cat a.gz b.gz` gives) decompress to their concatenation.
enum Gzip {
    /// The largest decompressed size accepted, in bytes (1 GiB): a track file is megabytes, and a deflate
    /// stream can expand about a thousandfold, so a small corrupt or hostile file must not make the reader
    /// allocate without bound.
    static let defaultLimit = 1 << 30

    /// True when `bytes` start with the gzip magic number 1f 8b.
    static func isGzip(_ bytes: [UInt8]) -> Bool { bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B }

    /// The decompressed bytes, or a ``TrackReadError`` naming `sourceName` and what was wrong: a truncated or
    /// corrupt stream (with the compressed byte offset where zlib stopped) or output beyond `limit` bytes.
    static func decompress(_ bytes: [UInt8], sourceName: String, limit: Int = defaultLimit) throws -> [UInt8] {
        func fail(_ message: String) -> TrackReadError { TrackReadError(file: sourceName, message: "gzip: " + message) }
        var output: [UInt8] = []
        output.reserveCapacity(min(limit, max(bytes.count * 4, 1 << 16)))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var stream = z_stream()
        guard trackpipe_inflate_init_gzip(&stream) == Z_OK else { throw fail("zlib could not be initialised") }
        defer { inflateEnd(&stream) }
        try bytes.withUnsafeBufferPointer { input in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = UInt32(input.count)
            var consumed = 0
            while true {
                let status: Int32 = chunk.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress
                    stream.avail_out = UInt32(out.count)
                    return inflate(&stream, Z_NO_FLUSH)
                }
                let produced = chunk.count - Int(stream.avail_out)
                guard output.count + produced <= limit else {
                    throw fail("decompresses to more than \(limit) bytes; not a track file")
                }
                output.append(contentsOf: chunk[0..<produced])
                consumed = input.count - Int(stream.avail_in)
                switch status {
                case Z_STREAM_END:
                    // Another member may follow; trailing zero padding is allowed.
                    let rest = input[consumed...]
                    if rest.isEmpty || rest.allSatisfy({ $0 == 0 }) { return }
                    guard rest.count >= 2, rest[rest.startIndex] == 0x1F, rest[rest.startIndex + 1] == 0x8B else {
                        throw fail("byte \(consumed): data after the end of the compressed stream is not another gzip member")
                    }
                    guard inflateReset(&stream) == Z_OK else { throw fail("zlib could not be reset") }
                case Z_OK:
                    continue
                case Z_BUF_ERROR where stream.avail_in == 0:
                    throw fail("truncated: the compressed stream ends at byte \(consumed) before its end")
                default:
                    let reason = stream.msg.map { String(cString: $0) } ?? "error \(status)"
                    throw fail("corrupt compressed data near byte \(consumed): \(reason)")
                }
            }
        }
        return output
    }

    /// `bytes` as one gzip member (zlib's default level), for outputs named `.gz`. Throws a
    /// ``TrackWriteError`` naming `target` only if zlib fails (out of memory).
    static func compress(_ bytes: [UInt8], target: String) throws -> [UInt8] {
        func fail(_ message: String) -> TrackWriteError { TrackWriteError(file: target, message: "gzip: " + message) }
        var stream = z_stream()
        guard trackpipe_deflate_init_gzip(&stream) == Z_OK else { throw fail("zlib could not be initialised") }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(bytes.count))))
        let status: Int32 = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = UInt32(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = UInt32(out.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { throw fail("compression failed (zlib status \(status))") }
        output.removeLast(Int(stream.avail_out))
        return output
    }

    /// True when `path` names a gzip file (`.gz`, any case).
    static func isGzipName(_ path: String) -> Bool { path.lowercased().hasSuffix(".gz") }
}
