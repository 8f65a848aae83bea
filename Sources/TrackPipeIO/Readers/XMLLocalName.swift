/// A NUL-terminated element name from libxml2, compared with known names without allocating — how the GPX and
/// TCX readers classify elements.
struct XMLLocalName {
    let bytes: UnsafePointer<UInt8>
    /// Its length in bytes.
    let count: Int

    init(_ bytes: UnsafePointer<UInt8>) {
        self.bytes = bytes
        var n = 0
        while bytes[n] != 0 { n += 1 }
        count = n
    }

    /// True when the name is `name`, byte for byte.
    @inline(__always)
    func `is`(_ name: StaticString) -> Bool {
        guard name.utf8CodeUnitCount == count else { return false }
        let q = name.utf8Start
        for k in 0..<count where bytes[k] != q[k] { return false }
        return true
    }
}
