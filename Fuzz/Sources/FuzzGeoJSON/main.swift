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
        guard let reference, identical(fast, reference) else {
            fatalError("JSONTree and JSONDecoder differ on \(String(reflecting: String(decoding: bytes, as: UTF8.self))): \(fast) vs \(String(describing: reference))")
        }
    }
    return 0
}

/// Equal, numbers compared by their bits (so −0 and 0 differ).
func identical(_ a: JSONValue, _ b: JSONValue) -> Bool {
    switch (a, b) {
    case (.null, .null): return true
    case (.bool(let x), .bool(let y)): return x == y
    case (.number(let x), .number(let y)): return x.bitPattern == y.bitPattern
    case (.string(let x), .string(let y)): return x == y
    case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { identical($0, $1) }
    case (.object(let x), .object(let y)):
        return x.count == y.count && x.allSatisfy { key, value in y[key].map { identical(value, $0) } ?? false }
    default: return false
    }
}

Fuzz.runLibFuzzer()
