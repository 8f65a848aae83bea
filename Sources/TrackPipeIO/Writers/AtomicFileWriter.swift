/// Writes one file so that it either appears complete or not at all — an ``OutputSet`` of one output: the bytes
/// go to a temporary file in the target's directory, are flushed with `fsync`, and are renamed over the target;
/// a device or FIFO is written through, `-` is standard output. It refuses to replace any of the `inputs`
/// (compared by device and inode when the files exist, else by resolved path), so
/// `convert run.gpx -o run.gpx` cannot destroy its own input, and refuses a write-protected file unless `force`.
public enum AtomicFileWriter {
    public static func write(_ bytes: [UInt8], to path: String, protecting inputs: [String] = [], force: Bool = false) throws {
        try write(to: path, protecting: inputs, force: force) { sink in try sink(bytes) }
    }

    /// Writes what `produce` hands its sink, block by block (see ``OutputSet/stage(for:_:)``), the same way.
    /// `sync: false` skips the `fsync` of the file and its directory (``OutputSet/syncsEachFile``): the caller
    /// makes many such files durable at once with ``FileSystemSync``.
    public static func write(to path: String, protecting inputs: [String] = [], force: Bool = false, sync: Bool = true,
                             _ produce: (_ sink: ([UInt8]) throws -> Void) throws -> Void) throws {
        let outputs = OutputSet(inputs: inputs, force: force)
        outputs.syncsEachFile = sync
        let output = try outputs.plan(path, role: "the output")
        try outputs.stage(for: output, produce)
        try outputs.commit()
    }
}
