import Foundation
import LaunchScreenRepair
import TestSupport
import Testing

@testable import LaunchAssetCompiler

/// Which layouts cost far more than the others, and the warning that names what they draw.
@Suite("Layouts that cost far more than the others")
struct CostOutlierTests {
    /// A layout of `variants` variants, all drawn in `seconds`, adding `bytes` in one image a variant.
    private func cost(_ layout: String, _ variants: Int = 10, seconds: Double, bytes: Int = 300_000) -> LayoutCost {
        LayoutCost(
            layout: layout, variants: variants, rendered: variants, renderSeconds: seconds, packBytes: bytes, packedImages: variants)
    }

    // MARK: - The rule

    @Test func aLayoutFourTimesSlowerPerVariantThanTheOthersMedianIsFlagged() {
        let costs = [cost("calm", seconds: 1), cost("blossom", seconds: 1.2), cost("shadow", seconds: 8), cost("snow", seconds: 0.9)]
        let outliers = CostOutlier.outliers(in: costs)
        #expect(outliers.map(\.cost.layout) == ["shadow"])
        #expect(outliers.first?.excesses == [.renderTime(seconds: 8, perVariant: 0.8, othersMedian: 0.1)])
    }

    @Test func moreVariantsAloneDoNotMakeALayoutCostly() {
        // Four times the variants (iPad windows) in four times the time: the same per variant.
        let costs = [cost("calm", 10, seconds: 1), cost("windows", 40, seconds: 4), cost("snow", 10, seconds: 1.1)]
        #expect(CostOutlier.outliers(in: costs).isEmpty)
    }

    @Test func aLayoutUnderTheFloorsIsNeverFlagged() {
        // 45 times slower and 20 times larger, but under a second and a megabyte in all.
        let costs = [cost("calm", 2, seconds: 0.02, bytes: 40_000), cost("glow", 2, seconds: 0.9, bytes: 800_000)]
        #expect(CostOutlier.outliers(in: costs).isEmpty)
    }

    @Test func aSingleLayoutIsHeldAgainstFixedLines() {
        #expect(CostOutlier.outliers(in: [cost("calm", 32, seconds: 3.8)]).isEmpty)
        let slow = CostOutlier.outliers(in: [cost("shadow", 32, seconds: 19.2)])
        #expect(slow.first?.excesses == [.renderTime(seconds: 19.2, perVariant: 0.6, othersMedian: nil)])
        #expect(CostOutlier.outliers(in: [cost("blossom", 32, seconds: 3.8, bytes: 4_800_000)]).isEmpty)
        let large = CostOutlier.outliers(in: [cost("photo", 32, seconds: 3.8, bytes: 27_000_000)])
        #expect(large.first?.excesses == [.packBytes(bytes: 27_000_000, perImage: 843_750, othersMedian: nil)])
    }

    @Test func withTwoLayoutsTheOtherOneIsTheMedian() {
        let outliers = CostOutlier.outliers(in: [cost("calm", 32, seconds: 2.4), cost("shadow", 32, seconds: 19.2)])
        #expect(outliers.map(\.cost.layout) == ["shadow"])
        #expect(outliers.first?.excesses == [.renderTime(seconds: 19.2, perVariant: 0.6, othersMedian: 0.075)])
    }

    @Test func cachedAndRemoteLayoutsAreLeftOutOfTheComparison() {
        // Everything from the cache: nothing drawn, so nothing to judge or to compare with.
        let cached = LayoutCost(layout: "calm", variants: 10, cached: 10, packBytes: 300_000, packedImages: 10)
        // Remote: no image in the pack, so it would pull the bytes median to nothing.
        let remote = LayoutCost(layout: "winter", variants: 10, rendered: 10, renderSeconds: 1, packBytes: 0, packedImages: 0)
        let photo = cost("photo", 8, seconds: 6, bytes: 2_400_000)
        let outliers = CostOutlier.outliers(in: [cached, remote, photo])
        // Its time is held against the remote layout's alone, its bytes against the cached one's.
        #expect(outliers.map(\.cost.layout) == ["photo"])
        #expect(
            outliers.first?.excesses == [
                .renderTime(seconds: 6, perVariant: 0.75, othersMedian: 0.1),
                .packBytes(bytes: 2_400_000, perImage: 300_000, othersMedian: 30_000),
            ])
        #expect(CostOutlier.outliers(in: [cached]).isEmpty)
    }

    @Test func medianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        #expect(CostOutlier.median([]) == nil)
        #expect(CostOutlier.median([3, 1, 2]) == 2)
        #expect(CostOutlier.median([4, 1, 3, 2]) == 2.5)
    }

    // MARK: - The warning

    /// Blurs the whole screen three times over, twice.
    static let haze = """
        <svg xmlns="http://www.w3.org/2000/svg" width="{{width}}" height="{{height}}" viewBox="0 0 {{pointWidth}} {{pointHeight}}" preserveAspectRatio="none">
          <defs>
            <filter id="haze" x="0" y="0" width="1" height="1">
              <feGaussianBlur stdDeviation="30"/>
              <feGaussianBlur stdDeviation="30"/>
              <feGaussianBlur stdDeviation="30"/>
              <feOffset dy="4"/>
            </filter>
          </defs>
          <rect width="100%" height="100%" fill="{{background}}"/>
          <g filter="url(#haze)">
            <rect width="100%" height="100%" fill="{{background}}"/>
            <circle cx="{{centerX}}" cy="{{centerY}}" r="60" fill="{{ink}}"/>
          </g>
          <rect x="10" y="10" width="100" height="40" fill="{{ink}}" style="opacity: 0.5; filter: url(#haze)"/>
        </svg>
        """

    /// Draws `photo.png` over the whole screen, the background showing through.
    static let photo = """
        <svg xmlns="http://www.w3.org/2000/svg" width="{{width}}" height="{{height}}" viewBox="0 0 {{pointWidth}} {{pointHeight}}" preserveAspectRatio="none">
          <rect width="100%" height="100%" fill="{{background}}"/>
          <image href="photo.png" width="{{pointWidth}}" height="{{pointHeight}}" preserveAspectRatio="none" opacity="0.9"/>
        </svg>
        """

    /// `default` (plain.svg) and `special` (`template`), planned for `devices` and rendered with
    /// real librsvg into `scratch`.
    private func renderedPair(
        _ fixture: PlannerFixture, devices: [Device], scratch: TemporaryFolder
    ) throws -> (plan: Plan, assets: GeneratedAssets) {
        let planner = try fixture.planner(devices)
        let variants = try planner.plan()
        let (images, _, renderTimes) = try RenderQueue(jobs: 2).render(variants, scratch: scratch.url)
        var assets = GeneratedAssets(layouts: planner.layouts, variants: variants, images: images, packName: "x.launchpack")
        assets.renderTimes = renderTimes
        let plan = Plan(
            layouts: planner.layouts, catalog: DeviceCatalog(devices: devices), screens: screens(devices), variants: variants,
            templates: planner.templates, warnings: [])
        return (plan, assets)
    }

    @Test func aHeavyFilterIsNamedAtItsTemplateLine() throws {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        let fixture = try PlannerFixture(
            layouts: [
                "default.json": layoutJSON(id: "default", idioms: ["phone"]),
                "shadow.json": layoutJSON(id: "shadow", template: "haze.svg", schedule: [("06-01", "08-31")], idioms: ["phone"]),
            ],
            templates: ["haze.svg": Self.haze])
        defer { fixture.remove() }
        let (plan, assets) = try renderedPair(fixture, devices: [device("phone", points: (390, 844), scale: 3)], scratch: scratch)

        // Measured: the blurs make each variant slower to draw than the plain layout's.
        let measured = assets.layoutCosts
        #expect(try #require(measured[1].secondsPerRender) > (try #require(measured[0].secondsPerRender)))

        // Judged on set times, so that the verdict does not hang on this machine's speed.
        let times = assets.manifest.variants.map { Duration.milliseconds($0.layout == "shadow" ? 2000 : 50) }
        let warnings = plan.costWarnings(for: LayoutCost.costs(of: assets.manifest, renderTimes: times))

        let warning = try #require(warnings.first)
        #expect(warnings.count == 1, "the plain layout is not flagged: \(warnings)")
        let template = fixture.templates.appendingPathComponent("haze.svg")
        let (line, column) = place(of: #"id="haze""#, in: Self.haze)
        #expect(warning.severity == .warning)
        #expect(warning.file == displayed(template) && warning.line == line && warning.column == column)
        #expect(
            warning.description
                == "\(displayed(template)):\(line):\(column): warning: layout \"shadow\" takes far longer than the others to draw "
                + "(4.00 s for 2 variants: 2.00 s each, the others' median 0.05 s); it draws filter \"haze\" "
                + "(feGaussianBlur stdDeviation=30, feGaussianBlur stdDeviation=30, feGaussianBlur stdDeviation=30, "
                + "1 other primitive, used by 2 elements) at \(displayed(template)):\(line):\(column)")
    }

    @Test func aBigEmbeddedPNGIsNamedWithItsPixelSizeAndBytes() throws {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        let fixture = try PlannerFixture(
            layouts: [
                "default.json": layoutJSON(id: "default", idioms: ["phone"]),
                "photo.json": layoutJSON(id: "photo", template: "photo.svg", schedule: [("06-01", "08-31")], idioms: ["phone"]),
            ],
            templates: ["photo.svg": Self.photo])
        defer { fixture.remove() }
        // Noise, which PNG cannot compress: a photograph's worst case.
        let noise = """
            <svg xmlns="http://www.w3.org/2000/svg" width="600" height="1000">
              <filter id="grain"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="3"/></filter>
              <rect width="100%" height="100%" filter="url(#grain)"/>
            </svg>
            """
        let png = try SVGRenderer().png(noise, width: 600, height: 1000)
        try fixture.folder.write("Templates/photo.png", png)
        let (plan, assets) = try renderedPair(fixture, devices: [device("phone", points: (200, 400), scale: 2)], scratch: scratch)

        // Every variant takes the same set time: only the bytes tell the layouts apart.
        let costs = LayoutCost.costs(of: assets.manifest, renderTimes: assets.manifest.variants.map { _ in .milliseconds(50) })
        let outliers = CostOutlier.outliers(in: costs)
        #expect(outliers.map(\.cost.layout) == ["photo"])
        guard case .packBytes(let bytes, _, _) = outliers.first?.excesses.first else {
            Issue.record("not flagged for its bytes: \(outliers)")
            return
        }
        #expect(bytes > CostOutlier.largeBytes)

        let warning = try #require(plan.costWarnings(for: costs).first)
        let template = fixture.templates.appendingPathComponent("photo.svg")
        let (line, column) = place(of: "photo.png", in: Self.photo)
        #expect(warning.file == displayed(template) && warning.line == line && warning.column == column)
        #expect(warning.message.hasPrefix("layout \"photo\" adds far more than the others to the pack ("))
        #expect(
            warning.message.hasSuffix(
                "; it draws image \"photo.png\" (600x1000 PNG, \(SizeReport.megabytes(png.count))) at \(displayed(template)):\(line):\(column)"
            ))
    }
}
