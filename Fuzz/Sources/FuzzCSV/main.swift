import FuzzCommon

/// TrackReader with the format forced to csv.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    Fuzz.read(start, count, format: .csv)
    return 0
}

Fuzz.runLibFuzzer()
