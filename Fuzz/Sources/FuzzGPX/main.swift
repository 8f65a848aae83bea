import FuzzCommon

/// TrackReader with the format forced to gpx.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    Fuzz.read(start, count, format: .gpx)
    return 0
}

Fuzz.runLibFuzzer()
