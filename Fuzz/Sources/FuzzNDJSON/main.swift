import Foundation
import FuzzCommon
import TrackPipe
import TrackPipeIO

/// TrackReader with the format forced to ndjson; and, line by line, the fast decoder (simdjson, then
/// `JSONDecoder` for what it leaves) against the `JSONDecoder`-only reference: a line on which they differ traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    Fuzz.read(start, count, format: .ndjson)
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    let fast = NDJSONFixDecoder(), reference = JSONDecoder()
    for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(64).enumerated() {
        let a = fast.decode(line, index: n, line: n + 1), b = NDJSONFixCodec.decodeFix(line, index: n, line: n + 1, decoder: reference)
        switch (a, b) {
        case (.success(let x), .success(let y)) where x == y: continue
        case (.failure(let x), .failure(let y)) where x.rule == y.rule && x.message == y.message && x.isJSONObject == y.isJSONObject: continue
        default: fatalError("NDJSONFixDecoder and JSONDecoder differ on \(String(reflecting: String(line))): \(a) vs \(b)")
        }
    }
    return 0
}

Fuzz.runLibFuzzer()
