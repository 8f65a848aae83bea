import FuzzCommon

/// TrackReader with the format forced to gnsslogger.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    Fuzz.read(start, count, format: .gnsslogger)
    return 0
}

Fuzz.runLibFuzzer()
