import FuzzCommon

/// TrackReader with no format: content sniffing, gzip (one level) and whichever reader the sniffer picks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    Fuzz.read(start, count, format: nil)
    return 0
}

Fuzz.runLibFuzzer()
