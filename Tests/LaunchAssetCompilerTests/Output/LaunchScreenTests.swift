import CLibrsvg
import Foundation
import LaunchScreenRepair
import Testing

@testable import LaunchAssetCompiler

#if canImport(FoundationXML)
import FoundationXML
import TestSupport
#endif

/// The generated launch screen: the storyboard, colour and logo against the fallback variants,
/// and its checks.
@Suite("The generated launch screen")
struct LaunchScreenTests {

    /// The package's own layouts, planned with `layoutIDs` only.
    static func bundledPlan(_ layoutIDs: [String] = ["default"]) throws -> Plan {
        try LaunchAssetGenerator(
            configuration: .init(
                layoutsDirectory: PackageRoot.url.appendingPathComponent("Layouts"),
                templatesDirectory: PackageRoot.url.appendingPathComponent("Templates"), layoutIDs: layoutIDs)
        ).plan()
    }

    /// What the storyboard says, read back as iOS would read it: the named colour, the image,
    /// the image view's size and its centre's offset from the safe area's centre.
    struct StoryboardLayout {
        var colorName = ""
        var imageName = ""
        var constants: [String: Double] = [:]

        init(_ data: Data) throws {
            final class Reader: NSObject, XMLParserDelegate {
                var layout: [String: String] = [:]
                var constants: [String: Double] = [:]
                func parser(
                    _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]
                ) {
                    switch element {
                    case "color" where attributes["key"] == "backgroundColor": layout["color"] = attributes["name"]
                    case "imageView": layout["image"] = attributes["image"]
                    case "constraint":
                        let attribute = attributes["firstAttribute"] ?? ""
                        let relative = attributes["secondAttribute"].map { "\(attribute)->\($0)" } ?? attribute
                        constants[relative] = Double(attributes["constant"] ?? "0")
                    default: break
                    }
                }
            }
            let reader = Reader()
            let parser = XMLParser(data: data)
            parser.delegate = reader
            #expect(parser.parse(), "the storyboard is well-formed XML")
            colorName = try #require(reader.layout["color"])
            imageName = try #require(reader.layout["image"])
            constants = reader.constants
        }
    }

    /// Renders the storyboard's picture of one screen with our renderer: the background
    /// colour, and the logo PNG for the screen's scale where Auto Layout puts the image view.
    static func storyboardPicture(
        _ storyboard: StoryboardLayout, canvas: Canvas, color: String, imageSet: URL, appearance: Appearance
    ) throws -> CairoImage {
        let width = try #require(storyboard.constants["width"])
        let height = try #require(storyboard.constants["height"])
        let insets = canvas.safeArea
        let scale = (Double(canvas.pixels.width) / canvas.points.width).rounded()
        let centerX =
            insets.left + (canvas.points.width - insets.left - insets.right) / 2 + storyboard.constants["centerX->centerX", default: 0]
        let centerY =
            insets.top + (canvas.points.height - insets.top - insets.bottom) / 2 + storyboard.constants["centerY->centerY", default: 0]
        // Auto Layout puts a view's origin on the screen's pixel grid.
        let x = ((centerX - width / 2) * scale).rounded() / scale
        let y = ((centerY - height / 2) * scale).rounded() / scale
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="\(canvas.pixels.width)" \
            height="\(canvas.pixels.height)" viewBox="0 0 \(canvas.points.width) \(canvas.points.height)" preserveAspectRatio="none">
            <rect width="100%" height="100%" fill="\(color)"/>
            <image x="\(x)" y="\(y)" width="\(width)" height="\(height)" xlink:href="logo-\(appearance.rawValue)@\(Int(scale))x.png"/>
            </svg>
            """
        return try SVGRenderer().image(
            svg, width: canvas.pixels.width, height: canvas.pixels.height, baseFile: imageSet.appendingPathComponent("picture.svg"),
            opaque: true)
    }

    /// How far two opaque images of one size are apart: the share of pixels with any channel
    /// off by more than `tolerance` levels, and the largest difference of any channel.
    static func distance(_ first: CairoImage, _ second: CairoImage, tolerance: Int) -> (share: Double, maximum: Int) {
        #expect(first.width == second.width && first.height == second.height)
        var maximum = 0
        var off = 0
        let images = [first, second].map { image in
            cairo_surface_flush(image.surface)
            return (base: cairo_image_surface_get_data(image.surface)!, stride: Int(cairo_image_surface_get_stride(image.surface)))
        }
        for row in 0..<first.height {
            let p = UnsafeRawPointer(images[0].base + row * images[0].stride).assumingMemoryBound(to: UInt32.self)
            let q = UnsafeRawPointer(images[1].base + row * images[1].stride).assumingMemoryBound(to: UInt32.self)
            // Most rows are background only, the same in both.
            guard memcmp(p, q, first.width * 4) != 0 else { continue }
            for column in 0..<first.width {
                var worst = 0
                for shift in [16, 8, 0] as [UInt32] {
                    worst = max(worst, abs(Int(p[column] >> shift & 0xFF) - Int(q[column] >> shift & 0xFF)))
                }
                maximum = max(maximum, worst)
                if worst > tolerance { off += 1 }
            }
        }
        return (Double(off) / Double(first.width * first.height), maximum)
    }

    /// The issue's proof: on every screen of every device, what the generated storyboard shows
    /// is what the fallback layout's variant for that screen shows, in the development language
    /// (the storyboard's logo is drawn in it). Prints the figures.
    @Test func storyboardLooksLikeTheFallbackOnEveryScreen() throws {
        let plan = try Self.bundledPlan()
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let launchScreen = try #require(try LaunchScreenFiles(plan: plan, typeName: "LaunchAssets"))
        let storyboardURL = folder.path("LaunchScreen.storyboard")
        let catalog = folder.path("LaunchAssets.xcassets")
        let files = try launchScreen.files(storyboard: storyboardURL, catalog: catalog, renderer: SVGRenderer())
        for (url, contents) in files {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.data().write(to: url)
        }
        let storyboard = try StoryboardLayout(Data(contentsOf: storyboardURL))
        #expect(storyboard.colorName == "LaunchAssetsBackground" && storyboard.imageName == "LaunchAssetsLogo")
        let colors = [Appearance.light: launchScreen.colors.light.hex, .dark: launchScreen.colors.dark.hex]
        let imageSet = catalog.appendingPathComponent("\(storyboard.imageName).imageset")

        // Each variant's screen: one of its devices, in its orientation.
        func canvas(of variant: PlannedVariant) -> Canvas? {
            let screens = plan.screens.filter { $0.idiom == variant.idiom && $0.devices.contains { variant.devices.contains($0) } }
            return screens.compactMap { $0.canvases(in: variant.orientation, multitasking: false).first }.first {
                $0.pixels == variant.pixels
            }
        }
        var rows = ["variant                                   scale   pixels off by > 8   largest difference   devices"]
        let renderer = SVGRenderer()
        let development = plan.layouts.first?.developmentLanguage
        for variant in plan.variants where variant.locale == nil || variant.locale == development {
            let canvas = try #require(canvas(of: variant))
            let fallback = try renderer.image(
                variant.svg, width: variant.pixels.width, height: variant.pixels.height, baseFile: variant.templateFile, opaque: true)
            let picture = try Self.storyboardPicture(
                storyboard, canvas: canvas, color: colors[variant.appearance]!, imageSet: imageSet, appearance: variant.appearance)
            let (share, maximum) = Self.distance(fallback, picture, tolerance: 8)
            let scale = Double(canvas.pixels.width) / canvas.points.width
            let whole = scale == scale.rounded()
            rows.append(
                variant.id.padding(toLength: 42, withPad: " ", startingAt: 0)
                    + String(format: "%5.2f   %16.4f%%   %18d   ", scale, share * 100, maximum)
                    + variant.devices.joined(separator: ", "))
            // On a screen of whole scale the logo PNG lands pixel for pixel where the vector
            // logo is drawn: only the edges of its shapes may differ, by rounding.
            if whole {
                #expect(maximum <= 4, "\(variant.id): a channel differs by \(maximum) levels")
            }
            // A 2.88× screen scales the 3× PNG down: edges soften, nothing moves.
            else {
                #expect(share < 0.01, "\(variant.id): \(share * 100)% of pixels differ by more than 8 levels")
            }
        }
        print(rows.joined(separator: "\n"))
        #expect(plan.variants.count > 40)
    }

    /// The same design gives the same bytes: a second render changes nothing.
    @Test func filesAreTheSameOnEveryRun() throws {
        let plan = try Self.bundledPlan()
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        func files() throws -> [URL: Data] {
            let launchScreen = try #require(try LaunchScreenFiles(plan: plan, typeName: "Brand"))
            return try launchScreen.files(
                storyboard: folder.path("A.storyboard"), catalog: folder.path("Brand.xcassets"), renderer: SVGRenderer()
            )
            .mapValues { try $0.data() }
        }
        let first = try files()
        #expect(first == (try files()))
        #expect(first.count == 9)
        let storyboard = String(decoding: try #require(first[folder.path("A.storyboard")]), as: UTF8.self)
        #expect(storyboard.contains(#"<color key="backgroundColor" name="BrandBackground"/>"#))
        #expect(storyboard.contains(#"image="BrandLogo""#))
        #expect(storyboard.contains(#"firstAttribute="centerY" secondItem="LAs-sa-gde" secondAttribute="centerY" constant="0""#))
        let logo = try #require(first[folder.path("Brand.xcassets/BrandLogo.imageset/logo-dark@3x.png")])
        #expect(PNGBytes.size(of: logo)! == (240, 240))
    }

    /// The runtime learns the storyboard's colours only from a render that writes it.
    @Test func colorsComeFromThePalette() throws {
        let plan = try Self.bundledPlan()
        let colors = try #require(try LaunchScreenFiles(plan: plan, typeName: "LaunchAssets")).colors
        #expect(colors.light.hex == "#F7F6F3" && colors.dark.hex == "#0D0F16")
        let noLaunchScreen = try Self.bundledPlan(["winter"])
        #expect(try LaunchScreenFiles(plan: noLaunchScreen, typeName: "LaunchAssets") == nil)
        #expect(throws: CompilerError.self) { try LaunchAssetGenerator.launchScreen(of: noLaunchScreen, typeName: "LaunchAssets") }
    }

    // MARK: - Bad designs

    /// Loads a fallback layout with `launchScreen` (JSON of the object) and `extra` keys.
    func loadErrors(launchScreen: String, extra: String = "", background: String = "#FFFFFF", fallback: Bool = false) throws -> [Diagnostic]
    {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        if fallback {
            try folder.write(
                "Layouts/calm.json",
                ##"{ "id": "calm", "template": "plain.svg", "appearances": { "light": { "a": "#FFFFFF" }, "dark": { "a": "#000000" } } }"##)
        }
        try folder.write(
            "Layouts/default.json",
            """
            {
              "id": "default", "template": "plain.svg", \(extra)
              "appearances": { "light": { "background": "\(background)" }, "dark": { "background": "#000000" } },
              "launchScreen": \(launchScreen)
            }
            """)
        var warnings: [Diagnostic] = []
        do {
            _ = try LayoutLoader(directory: folder.path("Layouts")).load(warnings: &warnings)
            return []
        } catch {
            return error.diagnostics
        }
    }

    @Test func badDesignsAreErrorsAtTheirPlace() throws {
        let good = #"{ "logo": "logo.svg", "logoFrame": { "x": -50, "y": -50, "width": 100, "height": 100 } }"#
        #expect(try loadErrors(launchScreen: good).isEmpty)

        let seasonal = try loadErrors(
            launchScreen: good, extra: #""schedule": [{ "from": "12-01", "through": "12-31" }],"#, fallback: true)
        #expect(seasonal.map(\.message).contains { $0.contains("only the fallback layout (no \"schedule\", here ") })
        #expect(seasonal.first?.line == 4)
        // Without any fallback, that is the error.
        let none = try loadErrors(launchScreen: good, extra: #""schedule": [{ "from": "12-01", "through": "12-31" }],"#)
        #expect(none.map(\.message) == [#"no fallback layout: exactly one layout must have no "schedule""#])

        let fraction = try loadErrors(
            launchScreen: #"{ "logo": "logo.svg", "logoFrame": { "x": 0, "y": 0, "width": 100.5, "height": 10 } }"#)
        #expect(fraction.map(\.path) == ["launchScreen.logoFrame.width"])
        #expect(fraction.first?.message.contains("whole number of points") == true)

        let huge = try loadErrors(launchScreen: #"{ "logo": "logo.svg", "logoFrame": { "x": 0, "y": 0, "width": 1200, "height": 1000 } }"#)
        #expect(huge.map(\.path) == ["launchScreen.logoFrame"])
        #expect(huge.first?.message.contains("43.2 MB decoded at 3x (3600x3000 pixels") == true)
        #expect(huge.first?.message.contains("about 25 MB") == true)

        let named = try loadErrors(launchScreen: good, background: "white")
        #expect(named.map(\.path) == ["appearances.light.background"])
        #expect(named.first?.message.contains("#RRGGBB") == true)

        let missingKey = try loadErrors(
            launchScreen: #"{ "logo": "logo.svg", "logoFrame": { "x": 0, "y": 0, "width": 10, "height": 10 }, "background": "paper" }"#)
        #expect(
            missingKey.map(\.message) == [
                #"the background colour "paper" is not a key of appearances.light"#,
                #"the background colour "paper" is not a key of appearances.dark"#,
            ])

        let typo = try loadErrors(
            launchScreen: #"{ "logo": "logo.svg", "logoFrame": { "x": 0, "y": 0, "width": 10, "height": 10, "heigth": 3 } }"#)
        #expect(typo.map(\.path) == ["launchScreen.logoFrame.heigth"])
    }

    /// `{{launchLogo.x}}` exists only where a launch screen is described; a missing logo
    /// template is named at the layout's key.
    @Test func launchLogoKeyAndLogoTemplateAreChecked() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            "Templates/plain.svg", #"<svg xmlns="http://www.w3.org/2000/svg"><rect x="{{launchLogo.x}}" width="1" height="1"/></svg>"#)
        try folder.write(
            "Layouts/default.json",
            ##"{ "id": "default", "template": "plain.svg", "appearances": { "light": { "background": "#FFFFFF" }, "dark": { "background": "#000000" } } }"##
        )
        let generator = LaunchAssetGenerator(
            configuration: .init(layoutsDirectory: folder.path("Layouts"), templatesDirectory: folder.path("Templates"), idioms: [.phone]))
        let unknown = try #require(throws: CompilerError.self) { try generator.plan() }
        #expect(unknown.diagnostics.first?.message.contains(#"only a layout with a "launchScreen" has it"#) == true)

        try folder.write(
            "Layouts/default.json",
            ##"{ "id": "default", "template": "plain.svg", "appearances": { "light": { "background": "#FFFFFF" }, "dark": { "background": "#000000" } }, "launchScreen": { "logo": "mark.svg", "logoFrame": { "x": -5, "y": -5, "width": 10, "height": 10 } } }"##
        )
        let missing = try #require(throws: CompilerError.self) { try generator.plan() }
        #expect(missing.diagnostics.map(\.path) == ["launchScreen.logo"])

        try folder.write("Templates/mark.svg", #"<circle r="5" fill="{{background}}"/>"#)
        let plan = try generator.plan()
        // On a 390 × 844 point iPhone (safe area 47 / 34) the centre is 195, 428.5: the frame's
        // origin 423.5 lands on the 3× pixel grid as 423.667.
        let variant = try #require(plan.variants.first { $0.pixels == PixelSize(width: 1170, height: 2532) })
        #expect(variant.svg.contains(#"x="190""#))
        let screen = try #require(plan.screens.first { $0.pixels == PixelSize(width: 1170, height: 2532) })
        let canvas = try #require(screen.canvases(in: .portrait, multitasking: false).first)
        let logo = TemplateContext.launchLogo(.init(x: -5, y: -5, width: 10, height: 10), canvas: canvas)
        let centre = canvas.safeArea.top + (canvas.points.height - canvas.safeArea.top - canvas.safeArea.bottom) / 2 - 5
        #expect(abs(Double(logo["y"]!)! - (centre * 3).rounded() / 3) < 0.001)
    }
}
