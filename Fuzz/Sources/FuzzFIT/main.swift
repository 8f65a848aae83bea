import FuzzCommon

/// TrackReader with the format forced to fit.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    Fuzz.read(start, count, format: .fit)
    return 0
}

Fuzz.runLibFuzzer()
