import LaunchAssetCompiler

/// What `render --json` prints.
struct RenderSummary: Encodable {
    /// The manifest's version stamp; none for a shard.
    var version: String?
    /// `K/N` for a shard.
    var shard: String?
    var layouts: Int
    var variants: Int
    var distinctImages: Int
    /// Variants librsvg rendered in this run.
    var rendered: Int
    /// Variants taken from the render cache.
    var cached: Int
    var packBytes: Int?
    var seconds: Double
    var jobs: Int
    var output: String
    var manifest: String?
    var pack: String?
    var swift: String?
    /// The `<Type>.xcassets` folder, with `--asset-catalog`.
    var assetCatalog: String?
    /// The launch storyboard, with `--storyboard`.
    var storyboard: String?
    /// Idiom → bytes of its window of the pack (``SizeReport/bundledBytes``); none for a shard.
    var bundledBytes: [String: Int]?
    /// Remote layout → device → bytes it fetches (``SizeReport/fetchedBytes``); none for a shard.
    var fetchedBytes: [String: [String: Int]]?
    /// Per language, what a device carries with it and the languages before it bundled, and the
    /// most it fetches for one remote layout (``SizeReport/languageSizes``); empty when nothing
    /// is localized, none for a shard.
    var languageSizes: [SizeReport.LanguageSize]?
    var preview: String?
    /// Each layout's render time and pack bytes, in the manifest's order (``LayoutCost``); a
    /// shard's have no `packBytes`.
    var layoutCosts: [LayoutCost]
    /// The plan's warnings, then the cost warnings (``CostOutlier``).
    var warnings: [String]
}
