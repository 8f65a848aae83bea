import FuzzCommon

/// TrackReader with the format forced to tcx.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    Fuzz.read(start, count, format: .tcx)
    return 0
}

Fuzz.runLibFuzzer()
