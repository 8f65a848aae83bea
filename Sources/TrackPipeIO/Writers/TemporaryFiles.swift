import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary files an ``OutputSet`` has open, so that SIGINT, SIGTERM and SIGHUP remove them before the
/// process ends (a run interrupted while writing a 200 MB track leaves no `.NAME.tmp-XXXXXX` behind).
///
/// The signal handler may only call async-signal-safe functions, so the paths live in a fixed table of C strings
/// allocated up front; the handler unlinks each, restores the default action and raises the signal again, so the
/// process still ends with the signal's status. At most ``capacity`` temporary files are tracked at once (a
/// command stages one per output); more are still removed on errors, just not on a signal.
public enum TemporaryFiles {
    /// How many temporary files the signal handler can remove.
    public static let capacity = 256
    private static let maximumPathBytes = Int(PATH_MAX)

    private nonisolated(unsafe) static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let table = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        table.initialize(repeating: nil, count: capacity)
        return table
    }()
    /// Room for ``capacity`` paths of `PATH_MAX` bytes (1 MiB), left uninitialised: a slot's bytes are written
    /// (with their NUL) before the slot is published, and zeroing the whole table was about 1 ms of every
    /// command (perf of a one-fix run).
    private nonisolated(unsafe) static let storage = UnsafeMutablePointer<CChar>.allocate(capacity: capacity * maximumPathBytes)
    private static let lock = NSLock()
    private nonisolated(unsafe) static var installed = false

    /// Records `path` for removal on a signal; returns its slot (or -1 when the table is full or the path too long).
    static func register(_ path: String) -> Int {
        let bytes = Array(path.utf8CString)
        guard bytes.count <= maximumPathBytes else { return -1 }
        lock.lock()
        defer { lock.unlock() }
        for slot in 0..<capacity where slots[slot] == nil {
            let place = storage + slot * maximumPathBytes
            bytes.withUnsafeBufferPointer { place.initialize(from: $0.baseAddress!, count: $0.count) }
            slots[slot] = place
            return slot
        }
        return -1
    }

    /// Runs `body` with SIGINT, SIGTERM and SIGHUP held back (delivered when it returns): for creating a
    /// temporary file and registering it as one step.
    static func withSignalsBlocked<T>(_ body: () throws -> T) rethrows -> T {
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&blocked, signal) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }

    /// Forgets the file in `slot` (renamed into place, or already removed).
    static func unregister(_ slot: Int) {
        guard slot >= 0, slot < capacity else { return }
        lock.lock()
        slots[slot] = nil
        lock.unlock()
    }

    /// The paths registered now (for tests).
    static var registered: [String] {
        lock.lock()
        defer { lock.unlock() }
        return (0..<capacity).compactMap { slots[$0].map { String(cString: $0) } }
    }

    /// Installs the handler for SIGINT, SIGTERM and SIGHUP once (``OutputSet`` does this when it is created).
    public static func installSignalHandlers() {
        lock.lock()
        defer { lock.unlock() }
        guard !installed else { return }
        installed = true
        _ = slots
        _ = storage
        for signal in [SIGINT, SIGTERM, SIGHUP] { setHandler(removeAndReraise, for: signal) }
    }
}

/// Sets `handler` as the action for `signal` (no flags, nothing blocked while it runs).
private func setHandler(_ handler: (@convention(c) (Int32) -> Void)?, for signal: Int32) {
    var action = sigaction()
    #if canImport(Glibc)
    action.__sigaction_handler.sa_handler = handler
    #else
    action.__sigaction_u.__sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(signal, &action, nil)
}

/// The signal handler: unlink every registered temporary file, then die of the same signal.
private func removeAndReraise(_ signal: Int32) {
    TemporaryFiles.removeAllForSignal()
    setHandler(SIG_DFL, for: signal)
    raise(signal)
}

extension TemporaryFiles {
    /// Unlinks every registered path without taking the lock or allocating (async-signal-safe).
    fileprivate static func removeAllForSignal() {
        for slot in 0..<capacity {
            if let path = slots[slot] { unlink(path) }
        }
    }
}
