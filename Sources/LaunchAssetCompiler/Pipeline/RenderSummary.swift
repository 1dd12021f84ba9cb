/// What `render --json` prints: a render's counts, sizes, times, paths and warnings, for scripts
/// and CI logs.
package struct RenderSummary: Sendable, Encodable {
    /// The manifest's version stamp; none for a shard.
    package var version: String?
    /// `K/N` for a shard.
    package var shard: String?
    /// How many layouts were planned.
    package var layouts: Int
    /// How many variants this run rendered (a shard's part).
    package var variants: Int
    /// How many different PNGs they make.
    package var distinctImages: Int
    /// Variants librsvg rendered in this run.
    package var rendered: Int
    /// Variants taken from the render cache.
    package var cached: Int
    /// The pack's bytes; none for a shard.
    package var packBytes: Int?
    /// The run's time, to the millisecond.
    package var seconds: Double
    /// How many variants were rendered at once.
    package var jobs: Int
    /// The output folder.
    package var output: String
    /// `manifest.json`; none for a shard.
    package var manifest: String?
    /// The pack file; none for a shard.
    package var pack: String?
    /// The generated Swift file; none for a shard.
    package var swift: String?
    /// The `<Type>.xcassets` folder, with `--asset-catalog`.
    package var assetCatalog: String?
    /// The launch storyboard, with `--storyboard`.
    package var storyboard: String?
    /// Idiom → bytes of its window of the pack (``SizeReport/bundledBytes``); none for a shard.
    package var bundledBytes: [String: Int]?
    /// Remote layout → device → bytes it fetches (``SizeReport/fetchedBytes``); none for a shard.
    package var fetchedBytes: [String: [String: Int]]?
    /// Per language, what a device carries with it and the languages before it bundled, and the
    /// most it fetches for one remote layout (``SizeReport/languageSizes``); empty when nothing
    /// is localized, none for a shard.
    package var languageSizes: [SizeReport.LanguageSize]?
    /// `preview.png`, with `--preview`.
    package var preview: String?
    /// Each layout's render time and pack bytes, in the manifest's order (``LayoutCost``); a
    /// shard's have no `packBytes`.
    package var layoutCosts: [LayoutCost]
    /// The plan's warnings, then the cost warnings (``CostOutlier``).
    package var warnings: [String]
}
