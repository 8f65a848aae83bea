import Foundation
import FuzzCommon
import TrackPipe
import TrackPipeIO

/// TrackReader with the format forced to geojson; and the fast JSON path (`JSONTree`, simdjson) against
/// `JSONDecoder`: a document the fast path reads that JSONDecoder does not read to the identical value traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    Fuzz.read(start, count, format: .geojson)
    let bytes = UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: count)
    if let fast = JSONTree().parse(bytes) {
        let reference = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes))
        guard let reference, fast.isIdentical(to: reference) else {
            fatalError("JSONTree and JSONDecoder differ on \(String(reflecting: String(decoding: bytes, as: UTF8.self))): \(fast) vs \(String(describing: reference))")
        }
    }
    return 0
}

Fuzz.runLibFuzzer()
