import Foundation

/// Renders planned variants to PNG on a fixed number of worker threads, taking what it can
/// from a ``RenderCache``.
///
/// A worker takes a screen's languages together (``ScreenLanguages``). Memory stays bounded:
/// each worker holds at most two cairo surfaces (a screen's first image and the one it draws)
/// and the rows where the screen's other languages differ, and writes the PNGs to disk once
/// encoded, so peak image memory grows with `jobs` and the largest image, not with the number
/// of variants.
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
        // The largest screens first, so that no worker is left with a large one at the end.
        let screens = PlannedVariant.screens(of: variants).sorted {
            variants[$0[0]].pixels.width * variants[$0[0]].pixels.height * $0.count
                > variants[$1[0]].pixels.width * variants[$1[0]].pixels.height * $1.count
        }
        let state = SharedState(screens: screens, count: variants.count)
        let renderer = renderer
        let cache = cache
        DispatchQueue.concurrentPerform(iterations: min(jobs, max(1, screens.count))) { _ in
            while let screen = state.nextScreen() {
                let members = screen.map { variants[$0] }
                let keys: [String?] = cache?.keys(for: members, encoder: renderer.encoder) ?? members.map { _ in nil }
                // Each PNG of a screen depends on all of its languages: they come from the cache
                // together, or are rendered together.
                if let cache {
                    let found = zip(members, keys).compactMap { variant, key in
                        key.flatMap { cache.image(forKey: $0, width: variant.pixels.width, height: variant.pixels.height) }
                    }
                    if found.count == members.count {
                        for (index, image) in zip(screen, found) { progress(state.finish(index, with: image, cached: true)) }
                        continue
                    }
                }
                guard let pngs = Self.render(members, at: screen, with: renderer, state: state) else { continue }
                for ((index, key), png) in zip(zip(screen, keys), pngs) {
                    // Each PNG goes to disk at once.
                    let image: RenderedImage
                    if let cache, let key, let entry = cache.store(png, forKey: key) {
                        image = entry
                    } else {
                        do throws(CompilerError) {
                            image = try RenderedImage(writing: png, to: scratch.appendingPathComponent("\(index).png"))
                        } catch {
                            state.fail(error.diagnostics)
                            break
                        }
                    }
                    progress(state.finish(index, with: image, cached: false))
                }
            }
        }
        return try state.results()
    }

    /// The PNGs of one screen's variants (at `indices` of the plan), encoded together
    /// (``ScreenLanguages``); `nil` after a failure, which `state` records. Each variant's time is
    /// its drawing plus its share of the encoding.
    private static func render(
        _ screen: [PlannedVariant], at indices: [Int], with renderer: SVGRenderer, state: SharedState
    ) -> [Data]? {
        var languages = ScreenLanguages(encoder: renderer.encoder)
        var times: [Duration] = []
        for variant in screen {
            let started = ContinuousClock.now
            do throws(RenderError) {
                let (width, height) = (variant.pixels.width, variant.pixels.height)
                try languages.add(renderer.image(variant.svg, width: width, height: height, baseFile: variant.templateFile, opaque: true))
            } catch {
                state.fail([failure(of: variant, error)])
                return nil
            }
            times.append(ContinuousClock.now - started)
        }
        let started = ContinuousClock.now
        let pngs: [Data]
        do throws(RenderError) {
            pngs = try languages.pngs()
        } catch {
            state.fail([failure(of: screen[0], error)])
            return nil
        }
        let share = (ContinuousClock.now - started) / screen.count
        for (index, time) in zip(indices, times) { state.time(index, time + share) }
        return pngs
    }

    /// `error`, placed at the variant's template.
    private static func failure(of variant: PlannedVariant, _ error: RenderError) -> Diagnostic {
        Diagnostic(file: variant.templateFile.relativePathForDisplay, path: "variant \(variant.id)", message: "\(error)")
    }
}

/// The work list and results the workers share, behind a lock.
private final class SharedState: @unchecked Sendable {
    private let lock = NSLock()
    private let screens: [[Int]]
    private var next = 0
    private var finished = 0
    private var cached = 0
    private var outputs: [RenderedImage?]
    private var renderTimes: [Duration?]
    private var failures: [Diagnostic] = []

    init(screens: [[Int]], count: Int) {
        self.screens = screens
        outputs = Array(repeating: nil, count: count)
        renderTimes = Array(repeating: nil, count: count)
    }

    /// The indices of the next screen's variants to render, or `nil` when all are taken or one failed.
    func nextScreen() -> [Int]? {
        lock.withLock {
            guard failures.isEmpty, next < screens.count else { return nil }
            defer { next += 1 }
            return screens[next]
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
