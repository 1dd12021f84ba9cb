import LaunchScreenRepair

/// What one layout cost a render: the time spent drawing its variants and the bytes its images
/// add to the pack. A drop shadow or an embedded photo can multiply both, and nothing else in a
/// render's summary says which layout brought them.
///
/// Render time is the time librsvg, cairo and the PNG encoder took for each variant, summed: with
/// several jobs, the layouts' seconds add up to more than the render's wall-clock time. A variant
/// taken from the render cache counts 0 s.
///
/// The pack stores identical images once per idiom section, so each stored image is attributed
/// to the first variant, in manifest order, that the pack stores it for: a layout repeating an
/// earlier layout's image adds nothing for it, and the layouts' bytes add up to the pack's body
/// (its length minus its header). A remote layout's images stay out of the pack: it adds none.
public struct LayoutCost: Sendable, Hashable, Encodable {
    /// The layout's id.
    public var layout: String
    /// How many variants the layout has in this render.
    public var variants = 0
    /// How many of them librsvg drew in this render.
    public var rendered = 0
    /// How many came from the render cache instead.
    public var cached = 0
    /// The drawing time of the `rendered` variants, summed.
    public var renderSeconds = 0.0
    /// The bytes of the stored images attributed to the layout; `nil` when the render writes no
    /// pack (a shard: images shared across parts would be counted in each).
    public var packBytes: Int? = 0
    /// How many stored images are attributed to the layout: the images `packBytes` counts.
    public var packedImages = 0

    public init(
        layout: String, variants: Int = 0, rendered: Int = 0, cached: Int = 0, renderSeconds: Double = 0, packBytes: Int? = 0,
        packedImages: Int = 0
    ) {
        self.layout = layout
        self.variants = variants
        self.rendered = rendered
        self.cached = cached
        self.renderSeconds = renderSeconds
        self.packBytes = packBytes
        self.packedImages = packedImages
    }

    /// Each layout of `manifest`, in its order, with the cost of its variants. `renderTimes`
    /// holds each variant's drawing time in manifest order, `nil` for one from the cache.
    public static func costs(of manifest: LaunchManifest, renderTimes: [Duration?]) -> [LayoutCost] {
        var costs = manifest.layouts.map { LayoutCost(layout: $0.id) }
        let positions = Dictionary(costs.enumerated().map { ($1.layout, $0) }, uniquingKeysWith: { first, _ in first })
        // An offset names one stored image: the pack gives each distinct image of a section its own.
        var attributed: Set<Int> = []
        for (index, variant) in manifest.variants.enumerated() {
            guard let position = positions[variant.layout] else { continue }
            costs[position].variants += 1
            if index < renderTimes.count, let time = renderTimes[index] {
                costs[position].rendered += 1
                costs[position].renderSeconds += Double(time.components.seconds) + Double(time.components.attoseconds) / 1e18
            } else {
                costs[position].cached += 1
            }
            if let offset = variant.offset, attributed.insert(offset).inserted {
                costs[position].packBytes? += variant.length
                costs[position].packedImages += 1
            }
        }
        return costs
    }

    /// Seconds per variant drawn, or `nil` when every variant came from the cache.
    public var secondsPerRender: Double? {
        rendered == 0 ? nil : renderSeconds / Double(rendered)
    }

    /// Bytes per stored image, or `nil` when the layout adds no image to the pack.
    public var bytesPerImage: Int? {
        guard let packBytes, packedImages > 0 else { return nil }
        return packBytes / packedImages
    }

    /// One line of the render's summary:
    /// `layout winter: 8 variants, 6 drawn in 1.42 s, 2 from the cache; 0.36 MB in the pack`.
    public var summary: String {
        var line = "layout \(layout): \(variants) variant\(variants == 1 ? "" : "s")"
        switch (rendered, cached) {
        case (0, 0): break
        case (_, 0): line += ", drawn in \(Self.seconds(renderSeconds))"
        case (0, _): line += ", all from the cache"
        default: line += ", \(rendered) drawn in \(Self.seconds(renderSeconds)), \(cached) from the cache"
        }
        if let packBytes {
            line += packedImages == 0 ? "; adds nothing to the pack" : "; \(SizeReport.megabytes(packBytes)) in the pack"
        }
        return line
    }

    /// `1.42 s`.
    static func seconds(_ seconds: Double) -> String {
        String(format: "%.2f s", seconds)
    }

    private enum CodingKeys: String, CodingKey {
        case layout, variants, rendered, cached, renderSeconds, packBytes
    }

    /// The JSON `render --json` prints: seconds to the millisecond, like its `seconds`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(layout, forKey: .layout)
        try container.encode(variants, forKey: .variants)
        try container.encode(rendered, forKey: .rendered)
        try container.encode(cached, forKey: .cached)
        try container.encode((renderSeconds * 1000).rounded() / 1000, forKey: .renderSeconds)
        try container.encodeIfPresent(packBytes, forKey: .packBytes)
    }
}
