import FuzzCommon

/// TrackReader with the format forced to ndjson.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    Fuzz.read(start, count, format: .ndjson)
    return 0
}

Fuzz.runLibFuzzer()
