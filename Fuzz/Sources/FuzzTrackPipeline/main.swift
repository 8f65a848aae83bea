import FuzzCommon

/// NDJSON (else CSV) read, the default pipeline, and the NDJSON and GPX writers on its result.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    Fuzz.trackPipeline(start, count)
    return 0
}

Fuzz.runLibFuzzer()
