import FuzzCommon

/// BadgeCatalog.load(json:).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    Fuzz.badgeCatalog(start, count)
    return 0
}

Fuzz.runLibFuzzer()
