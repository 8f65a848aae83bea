/// Suggests the known names nearest to a misspelt one (Damerau–Levenshtein distance), as "did you mean".
public enum NameSuggester {
    /// Up to two names within distance max(2, length / 3) of `name`, nearest first; also any name that
    /// contains `name` or is contained in it.
    public static func suggest(_ name: String, among known: [String]) -> [String] {
        let target = Array(name.lowercased())
        let limit = max(2, target.count / 3)
        let scored = known.compactMap { candidate -> (String, Int)? in
            let c = Array(candidate.lowercased())
            let d = distance(target, c)
            if d <= limit { return (candidate, d) }
            if !target.isEmpty, candidate.lowercased().contains(name.lowercased()) || name.lowercased().contains(candidate.lowercased()) {
                return (candidate, limit + 1)
            }
            return nil
        }
        return scored.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }.prefix(2).map(\.0)
    }

    /// Optimal-string-alignment distance (insertions, deletions, substitutions, adjacent transpositions).
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
