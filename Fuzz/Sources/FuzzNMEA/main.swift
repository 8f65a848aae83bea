import FuzzCommon

/// TrackReader with the format forced to nmea.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    Fuzz.read(start, count, format: .nmea)
    return 0
}

Fuzz.runLibFuzzer()
