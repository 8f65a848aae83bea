/// Paths by what makes two of them the same file: the same device and inode when both exist, else the same resolved
/// path. Answers "the first entry that is the same file as this one" without comparing against every entry.
struct PathIndex {
    private var byIdentity: [FileIdentity: Int] = [:]
    /// Entries that do not exist (no identity), by resolved path.
    private var withoutIdentity: [String: Int] = [:]
    /// Every entry, by resolved path.
    private var byResolved: [String: Int] = [:]

    /// Adds entry `index` (indices increase with each insertion); the first entry under each key is kept.
    mutating func insert(_ index: Int, identity: FileIdentity?, resolved: String) {
        if let identity {
            if byIdentity[identity] == nil { byIdentity[identity] = index }
        } else if withoutIdentity[resolved] == nil {
            withoutIdentity[resolved] = index
        }
        if byResolved[resolved] == nil { byResolved[resolved] = index }
    }

    /// The lowest index of an entry that is the same file as a path with this identity and resolved path.
    func first(sameAs identity: FileIdentity?, resolved: String) -> Int? {
        guard let identity else { return byResolved[resolved] }
        switch (byIdentity[identity], withoutIdentity[resolved]) {
        case let (a?, b?): return min(a, b)
        case let (a, b): return a ?? b
        }
    }
}
