/// A live stage's processor behind a class reference, so that ``LivePipeline`` calls it with one witness call per
/// fix. Through `any FixProcessor` each mutating call first made the processor's existential box unique again (a
/// runtime call, ~40 instructions a stage a fix: a tenth of `stream`'s deciding thread with the box projections).
/// ``LiveStages`` copies the boxes itself when a copied pipeline pushes, so pipelines keep value semantics.
protocol FixProcessorBox: AnyObject {
    func push(_ fix: Fix, into out: inout StageEmitter) throws
    func finish(into out: inout StageEmitter) throws
    /// A box of its own holding a copy of the processor, as it stands.
    func copy() -> any FixProcessorBox
}

/// The box of a processor of type `P`.
final class ProcessorBox<P: FixProcessor>: FixProcessorBox {
    /// Not checked for overlapping access at run time: only the pipeline that owns the box calls it, one call at a
    /// time, and a processor never calls back into its pipeline (the check was two runtime calls a stage a fix).
    @exclusivity(unchecked) private var processor: P

    init(_ processor: P) { self.processor = processor }

    func push(_ fix: Fix, into out: inout StageEmitter) throws { try processor.push(fix, into: &out) }
    func finish(into out: inout StageEmitter) throws { try processor.finish(into: &out) }
    func copy() -> any FixProcessorBox { ProcessorBox(processor) }
}

extension FixProcessor {
    /// This processor in a box of its own type (called on an `any FixProcessor`, the existential is opened once,
    /// when the pipeline is built).
    func boxed() -> any FixProcessorBox { ProcessorBox(self) }
}
