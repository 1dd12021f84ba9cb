import Foundation

/// Renders planned variants to PNG on a fixed number of worker threads, taking what it can
/// from a ``RenderCache``.
///
/// Memory stays bounded: each worker holds one cairo surface at a time and frees it once the
/// PNG is encoded, so peak surface memory is `jobs` × the largest surface.
public struct RenderQueue: Sendable {
    /// How many variants render at once.
    public var jobs: Int
    public var renderer: SVGRenderer
    /// Where earlier renders are looked up and new ones filed; `nil` renders everything.
    public var cache: RenderCache?

    public init(jobs: Int, renderer: SVGRenderer = SVGRenderer(), cache: RenderCache? = nil) {
        self.jobs = max(1, jobs)
        self.renderer = renderer
        self.cache = cache
    }

    /// PNG bytes for each variant, in the order given, and how many came from the cache.
    /// `progress` is called from worker threads with the number of variants finished so far.
    public func render(
        _ variants: [PlannedVariant],
        progress: @Sendable (Int) -> Void = { _ in }
    ) throws(CompilerError) -> (images: [Data], cached: Int) {
        let state = SharedState(count: variants.count)
        let renderer = renderer
        let cache = cache
        DispatchQueue.concurrentPerform(iterations: min(jobs, max(1, variants.count))) { _ in
            while let index = state.nextIndex() {
                let variant = variants[index]
                let (width, height) = (variant.pixels.width, variant.pixels.height)
                let key = cache?.key(for: variant, encoder: renderer.encoder)
                if let cache, let key, let png = cache.png(forKey: key, width: width, height: height) {
                    progress(state.finish(index, with: png, cached: true))
                    continue
                }
                do {
                    let png = try renderer.png(variant.svg, width: width, height: height, baseFile: variant.templateFile)
                    if let cache, let key { cache.store(png, forKey: key) }
                    progress(state.finish(index, with: png, cached: false))
                } catch {
                    state.fail(Diagnostic(
                        file: variant.templateFile.relativePathForDisplay, path: "variant \(variant.id)",
                        message: "\(error)"
                    ))
                }
            }
        }
        return try state.results()
    }
}

/// The work list and results the workers share, behind a lock.
private final class SharedState: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var finished = 0
    private var cached = 0
    private var outputs: [Data?]
    private var failures: [Diagnostic] = []

    init(count: Int) {
        outputs = Array(repeating: nil, count: count)
    }

    /// The next variant to render, or `nil` when all are taken or one failed.
    func nextIndex() -> Int? {
        lock.withLock {
            guard failures.isEmpty, next < outputs.count else { return nil }
            defer { next += 1 }
            return next
        }
    }

    func finish(_ index: Int, with png: Data, cached fromCache: Bool) -> Int {
        lock.withLock {
            outputs[index] = png
            finished += 1
            if fromCache { cached += 1 }
            return finished
        }
    }

    func fail(_ diagnostic: Diagnostic) {
        lock.withLock { failures.append(diagnostic) }
    }

    func results() throws(CompilerError) -> (images: [Data], cached: Int) {
        lock.lock()
        defer { lock.unlock() }
        guard failures.isEmpty else { throw CompilerError(failures) }
        return (outputs.map { $0! }, cached)
    }
}
