import Foundation

/// Renders planned variants to PNG on a fixed number of worker threads, taking what it can
/// from a ``RenderCache``.
///
/// Memory stays bounded: each worker holds one cairo surface at a time, frees it once the PNG
/// is encoded and writes the PNG to disk, so peak image memory is `jobs` × the largest image.
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

    /// Each variant's PNG, on disk, in the order given, how many came from the cache, and each
    /// variant's render time (librsvg, cairo and PNG encoding, on a monotonic clock; `nil` for
    /// one from the cache), so a layout's cost can be told apart from the others'.
    /// A PNG the cache does not keep is written to `scratch` as `<index>.png`. `progress` is
    /// called from worker threads with the number of variants finished so far.
    public func render(
        _ variants: [PlannedVariant],
        scratch: URL,
        progress: @Sendable (Int) -> Void = { _ in }
    ) throws(CompilerError) -> (images: [RenderedImage], cached: Int, renderTimes: [Duration?]) {
        let state = SharedState(count: variants.count)
        let renderer = renderer
        let cache = cache
        DispatchQueue.concurrentPerform(iterations: min(jobs, max(1, variants.count))) { _ in
            while let index = state.nextIndex() {
                let variant = variants[index]
                let (width, height) = (variant.pixels.width, variant.pixels.height)
                let key = cache?.key(for: variant, encoder: renderer.encoder)
                if let cache, let key, let image = cache.image(forKey: key, width: width, height: height) {
                    progress(state.finish(index, with: image, cached: true))
                    continue
                }
                let png: Data
                let started = ContinuousClock.now
                do {
                    png = try renderer.png(variant.svg, width: width, height: height, baseFile: variant.templateFile)
                } catch {
                    state.fail([
                        Diagnostic(
                            file: variant.templateFile.relativePathForDisplay, path: "variant \(variant.id)",
                            message: "\(error)"
                        )
                    ])
                    continue
                }
                state.time(index, ContinuousClock.now - started)
                // The PNG goes to disk at once, so memory holds one image per job.
                let image: RenderedImage
                if let cache, let key, let entry = cache.store(png, forKey: key) {
                    image = entry
                } else {
                    do throws(CompilerError) {
                        image = try RenderedImage(writing: png, to: scratch.appendingPathComponent("\(index).png"))
                    } catch {
                        state.fail(error.diagnostics)
                        continue
                    }
                }
                progress(state.finish(index, with: image, cached: false))
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
    private var outputs: [RenderedImage?]
    private var renderTimes: [Duration?]
    private var failures: [Diagnostic] = []

    init(count: Int) {
        outputs = Array(repeating: nil, count: count)
        renderTimes = Array(repeating: nil, count: count)
    }

    /// The next variant to render, or `nil` when all are taken or one failed.
    func nextIndex() -> Int? {
        lock.withLock {
            guard failures.isEmpty, next < outputs.count else { return nil }
            defer { next += 1 }
            return next
        }
    }

    func finish(_ index: Int, with image: RenderedImage, cached fromCache: Bool) -> Int {
        lock.withLock {
            outputs[index] = image
            finished += 1
            if fromCache { cached += 1 }
            return finished
        }
    }

    func time(_ index: Int, _ duration: Duration) {
        lock.withLock { renderTimes[index] = duration }
    }

    func fail(_ diagnostics: [Diagnostic]) {
        lock.withLock { failures += diagnostics }
    }

    func results() throws(CompilerError) -> (images: [RenderedImage], cached: Int, renderTimes: [Duration?]) {
        lock.lock()
        defer { lock.unlock() }
        guard failures.isEmpty else { throw CompilerError(failures) }
        return (outputs.map { $0! }, cached, renderTimes)
    }
}
