import FuzzCommon

/// PipelineSpec.parse and Pipeline.load with the built-in registry; a spec that loads runs on a small fixed track.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    Fuzz.spec(start, count)
    return 0
}

Fuzz.runLibFuzzer()
