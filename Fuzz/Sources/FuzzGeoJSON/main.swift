import FuzzCommon

/// TrackReader with the format forced to geojson.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    Fuzz.read(start, count, format: .geojson)
    return 0
}

Fuzz.runLibFuzzer()
