/// A layout that costs far more than the others to draw or to carry, and by how much.
///
/// "Far more" means both of these, for render time and pack bytes separately:
/// - more than ``factor`` times the median of the other layouts, per variant drawn (render time)
///   or per image stored (pack bytes), so that a layout is not flagged for merely having more
///   variants (iPad windows) than the others;
/// - more than a floor in total (``slowSeconds``, ``largeBytes``), so that a layout cheap in
///   absolute terms is never flagged because the others are cheaper still, or on timing noise.
///
/// With nothing to compare with (a single layout, or every other one taken from the render cache
/// or delivered remotely), the per-unit figure is held against a fixed line instead
/// (``slowSecondsPerVariant``, ``largeBytesPerImage``), above the floor as well. On a two-core
/// machine, a flat full-screen phone image takes about 0.1 s to draw and encode and 30 KB as a
/// PNG (the bundled seasonal art, soft gradients, 100 to 200 KB); a Figma double drop shadow
/// over the screen makes it five to six times as slow, and an embedded photograph adds megabytes
/// to every image.
///
/// A layout whose every variant came from the render cache is not judged on time: nothing was
/// drawn, so the cost was paid, and reported, by the render that filled the cache.
public struct CostOutlier: Sendable, Hashable {
    /// One way the layout costs far more.
    public enum Excess: Sendable, Hashable {
        /// It took `seconds` to draw, `perVariant` seconds a variant, against the other layouts'
        /// median per variant (`nil`: compared with ``slowSecondsPerVariant``).
        case renderTime(seconds: Double, perVariant: Double, othersMedian: Double?)
        /// It adds `bytes` to the pack, `perImage` bytes an image, against the other layouts'
        /// median per image (`nil`: compared with ``largeBytesPerImage``).
        case packBytes(bytes: Int, perImage: Int, othersMedian: Int?)
    }

    /// How many times the others' median a layout must cost to be called far more costly.
    public static let factor = 4.0
    /// The render time, in total, below which no layout is called slow.
    public static let slowSeconds = 1.0
    /// The render time a variant must take when there is no other layout to compare with.
    public static let slowSecondsPerVariant = 0.5
    /// The pack bytes, in total, below which no layout is called large: 1 MB.
    public static let largeBytes = 1_000_000
    /// The bytes an image must take when there is no other layout to compare with: 500 KB,
    /// two and a half times an image of the richest bundled art (summer's, 0.2 MB).
    public static let largeBytesPerImage = 500_000

    /// The layout's figures.
    public var cost: LayoutCost
    /// Time first, then bytes; never empty.
    public var excesses: [Excess]

    public init(cost: LayoutCost, excesses: [Excess]) {
        self.cost = cost
        self.excesses = excesses
    }

    /// The layouts among `costs` that cost far more than the others, in their order.
    public static func outliers(in costs: [LayoutCost]) -> [CostOutlier] {
        costs.indices.compactMap { index in
            let cost = costs[index]
            let others = costs.indices.filter { $0 != index }.map { costs[$0] }
            var excesses: [Excess] = []
            if let perVariant = cost.secondsPerRender, cost.renderSeconds > slowSeconds {
                let median = Self.median(others.compactMap(\.secondsPerRender))
                if perVariant > median.map({ $0 * factor }) ?? slowSecondsPerVariant {
                    excesses.append(.renderTime(seconds: cost.renderSeconds, perVariant: perVariant, othersMedian: median))
                }
            }
            if let perImage = cost.bytesPerImage, let bytes = cost.packBytes, bytes > largeBytes {
                let median = Self.median(others.compactMap(\.bytesPerImage).map(Double.init))
                if Double(perImage) > median.map({ $0 * factor }) ?? Double(largeBytesPerImage) {
                    excesses.append(.packBytes(bytes: bytes, perImage: perImage, othersMedian: median.map { Int($0.rounded()) }))
                }
            }
            return excesses.isEmpty ? nil : CostOutlier(cost: cost, excesses: excesses)
        }
    }

    /// How many elements a warning names; a design export can hold dozens of filters.
    static let namedElements = 6

    /// The warning for this layout, naming the filters and embedded images `instance` (one of
    /// its variants) draws, each at the place a template writes it; the warning itself is placed
    /// at the first of them, or at the layout's `template` when it draws none.
    public func warning(for layout: SeasonalLayout, instance: PlannedVariant?, templates: TemplateLibrary) -> Diagnostic {
        var elements = instance.map { CostlyElement.elements(of: $0, template: layout.template, templates: templates) } ?? []
        if case .packBytes = excesses.first {
            elements = elements.filter { !$0.isFilter } + elements.filter(\.isFilter)
        } else {
            elements = elements.filter(\.isFilter) + elements.filter { !$0.isFilter }
        }
        let warning = Diagnostic.costlyLayout(
            cost.layout, excesses: excesses.map(describe), elements: elements.prefix(Self.namedElements).map(\.description),
            more: max(0, elements.count - Self.namedElements))
        guard let first = elements.first(where: { $0.file != nil }) else {
            let position = layout.positions["template"]
            return warning.placed(file: layout.file, line: position?.line, column: position?.column, path: nil)
        }
        return warning.placed(file: first.file, line: first.line, column: first.column, path: nil)
    }

    /// `takes far longer than the others to draw (12.40 s for 8 variants: 1.55 s each, the
    /// others' median 0.08 s)`.
    private func describe(_ excess: Excess) -> String {
        switch excess {
        case .renderTime(let seconds, let perVariant, let median):
            let against =
                median.map { "the others' median \(LayoutCost.seconds($0))" }
                ?? "more than \(LayoutCost.seconds(Self.slowSecondsPerVariant))"
            let variants = "\(cost.rendered) variant\(cost.rendered == 1 ? "" : "s")"
            let figures = "\(LayoutCost.seconds(seconds)) for \(variants): \(LayoutCost.seconds(perVariant)) each, \(against)"
            return "takes \(median == nil ? "long" : "far longer than the others") to draw (\(figures))"
        case .packBytes(let bytes, let perImage, let median):
            let against =
                median.map { "the others' median \(SizeReport.megabytes($0))" }
                ?? "more than \(SizeReport.megabytes(Self.largeBytesPerImage))"
            let images = "\(cost.packedImages) image\(cost.packedImages == 1 ? "" : "s")"
            let figures = "\(SizeReport.megabytes(bytes)) for \(images): \(SizeReport.megabytes(perImage)) each, \(against)"
            return "adds \(median == nil ? "a lot" : "far more than the others") to the pack (\(figures))"
        }
    }

    /// The middle value (the mean of the middle two for an even count), or `nil` for none.
    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }
}
