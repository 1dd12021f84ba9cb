import Foundation

/// Renders planned variants to PNG on a fixed number of worker threads.
///
/// Memory stays bounded: each worker holds one cairo surface at a time and frees it once the
/// PNG is encoded, so peak surface memory is `jobs` × the largest surface.
public struct RenderQueue: Sendable {
    /// How many variants render at once.
    public var jobs: Int
    public var renderer = SVGRenderer()

    public init(jobs: Int) {
        self.jobs = max(1, jobs)
    }

    /// PNG bytes for each variant, in the order given. `progress` is called from worker threads
    /// with the number of variants finished so far.
    public func render(
        _ variants: [PlannedVariant],
        progress: @Sendable (Int) -> Void = { _ in }
    ) throws(CompilerError) -> [Data] {
        let state = SharedState(count: variants.count)
        let renderer = renderer
        DispatchQueue.concurrentPerform(iterations: min(jobs, max(1, variants.count))) { _ in
            while let index = state.nextIndex() {
                let variant = variants[index]
                do {
                    let png = try renderer.png(
                        variant.svg, width: variant.pixels.width, height: variant.pixels.height,
                        baseFile: variant.templateFile
                    )
                    progress(state.finish(index, with: png))
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

    func finish(_ index: Int, with png: Data) -> Int {
        lock.withLock {
            outputs[index] = png
            finished += 1
            return finished
        }
    }

    func fail(_ diagnostic: Diagnostic) {
        lock.withLock { failures.append(diagnostic) }
    }

    func results() throws(CompilerError) -> [Data] {
        lock.lock()
        defer { lock.unlock() }
        guard failures.isEmpty else { throw CompilerError(failures) }
        return outputs.map { $0! }
    }
}
