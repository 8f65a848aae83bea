import Foundation

/// A stage label (a spec entry's `label`, by default its stage name) interned to a small number, so values
/// recorded once per fix — ``FixChange`` — carry no `String`: an array of them is plain data that is copied
/// and freed without touching each element (measured on the 2293-fix smoother run: about 10 µs of a 150 µs
/// budget went to retaining and destroying one label string per change).
///
/// Labels are interned for the life of the process; a process sees a few dozen distinct labels at most (one per
/// entry of the specs it loads), so the table stays tiny. Two `StageLabel`s are equal exactly when their names
/// are. Intern once per stage run (``StageEmitter`` does) and reuse the value inside per-fix loops.
public struct StageLabel: Sendable, Hashable {
    /// The label's number in the process-wide table.
    public let id: UInt32

    /// The label named `name`, interned (thread-safe).
    public init(_ name: String) { id = StageLabelTable.shared.intern(name) }

    /// The label's text.
    public var name: String { StageLabelTable.shared.name(of: id) }
}

/// The process-wide table behind ``StageLabel``: names by number and numbers by name, behind a lock.
final class StageLabelTable: @unchecked Sendable {
    static let shared = StageLabelTable()

    private let lock = NSLock()
    private var names: [String] = []
    private var ids: [String: UInt32] = [:]

    func intern(_ name: String) -> UInt32 {
        lock.lock()
        defer { lock.unlock() }
        if let id = ids[name] { return id }
        let id = UInt32(names.count)
        names.append(name)
        ids[name] = id
        return id
    }

    func name(of id: UInt32) -> String {
        lock.lock()
        defer { lock.unlock() }
        return names[Int(id)]
    }
}
