import Foundation
import LaunchScreenRepair
import Testing

@testable import LaunchAssetCompiler

@Suite("What a template is given to fill in")
struct TemplateContextTests {
    static let layout = SeasonalLayout(
        id: "winter", displayName: "Winter", template: "snowfall.svg", schedule: [], priority: 0,
        palettes: [.light: ["background": "#EEF4FB", "accent": "#7FB2E5"], .dark: ["background": "#0D1724", "accent": "#4A7FB8"]],
        strings: ["title": "Hello, Winter"], orientations: .automatic, idioms: [.phone, .pad], file: "Layouts/winter.json"
    )

    /// An iPhone 14 Pro class screen: 393 × 852 pt at 3×, Dynamic Island insets.
    static let phone = screens([
        device("iphone-14-pro", points: (393, 852), scale: 3, portrait: insets(59, 0, 34, 0), landscape: insets(0, 59, 21, 59))
    ])[0]

    static let pad = screens([
        device("ipad-pro-11", .pad, points: (834, 1194), scale: 2, portrait: insets(24, 0, 20, 0), landscape: insets(24, 0, 20, 0))
    ])[0]

    private func values(
        _ screen: Screen = phone, _ orientation: Orientation = .portrait, _ appearance: Appearance = .light
    ) -> [String: Any] {
        TemplateContext(layout: Self.layout, canvas: fullScreen(screen, orientation), appearance: appearance).values
    }

    @Test(arguments: [
        (375.0, "375"), (375.000_1, "375"), (47.33, "47.33"), (47.333_333, "47.333"), (2.0 / 3.0, "0.667"),
        (0.1 + 0.2, "0.3"), (-12.5, "-12.5"), (-0.000_1, "0"), (0, "0"), (1_000_000, "1000000"),
        (1080.0 / 414.0, "2.609"), (196.5, "196.5"),
    ])
    func numbersAreFormattedForSVG(value: Double, text: String) {
        #expect(svgNumber(value) == text)
    }

    @Test func portraitLightPhone() throws {
        let values = values()
        #expect(values["width"] as? Int == 1179)
        #expect(values["height"] as? Int == 2556)
        #expect(values["pointWidth"] as? String == "393")
        #expect(values["pointHeight"] as? String == "852")
        #expect(values["scale"] as? String == "3")
        #expect(values["orientation"] as? String == "portrait")
        #expect(values["isPortrait"] as? Bool == true)
        #expect(values["isLandscape"] as? Bool == false)
        #expect(values["appearance"] as? String == "light")
        #expect(values["isDark"] as? Bool == false)
        #expect(values["isLight"] as? Bool == true)
        #expect(values["idiom"] as? String == "phone")
        #expect(values["isPhone"] as? Bool == true)
        #expect(values["isPad"] as? Bool == false)
        #expect(values["centerX"] as? String == "196.5")
        #expect(values["centerY"] as? String == "426")
        #expect(values["layout"] as? String == "winter")
        #expect(values["displayName"] as? String == "Winter")
        let safeArea = try #require(values["safeArea"] as? [String: String])
        #expect(
            safeArea == [
                "top": "59", "left": "0", "bottom": "34", "right": "0",
                "width": "393", "height": "759", "centerX": "196.5", "centerY": "438.5",
            ])
    }

    @Test func landscapeDarkPhoneTransposesAndUsesLandscapeInsets() throws {
        let values = values(Self.phone, .landscape, .dark)
        #expect(values["width"] as? Int == 2556)
        #expect(values["height"] as? Int == 1179)
        #expect(values["pointWidth"] as? String == "852")
        #expect(values["pointHeight"] as? String == "393")
        #expect(values["scale"] as? String == "3")
        #expect(values["isPortrait"] as? Bool == false)
        #expect(values["isLandscape"] as? Bool == true)
        #expect(values["orientation"] as? String == "landscape")
        #expect(values["isDark"] as? Bool == true)
        #expect(values["isLight"] as? Bool == false)
        #expect(values["appearance"] as? String == "dark")
        let safeArea = try #require(values["safeArea"] as? [String: String])
        #expect(
            safeArea == [
                "top": "0", "left": "59", "bottom": "21", "right": "59",
                "width": "734", "height": "372", "centerX": "426", "centerY": "186",
            ])
    }

    @Test func padFlags() throws {
        let values = values(Self.pad, .landscape, .light)
        #expect(values["idiom"] as? String == "pad")
        #expect(values["isPad"] as? Bool == true)
        #expect(values["isPhone"] as? Bool == false)
        #expect(values["width"] as? Int == 2388)
        #expect(values["height"] as? Int == 1668)
        #expect((values["safeArea"] as? [String: String])?["height"] == "790")
    }

    @Test func paletteOfTheAppearanceAndStringsAreMergedAtTopLevel() {
        let light = values(Self.phone, .portrait, .light)
        #expect(light["background"] as? String == "#EEF4FB")
        #expect(light["accent"] as? String == "#7FB2E5")
        #expect(light["title"] as? String == "Hello, Winter")
        let dark = values(Self.phone, .portrait, .dark)
        #expect(dark["background"] as? String == "#0D1724")
        #expect(dark["accent"] as? String == "#4A7FB8")
        #expect(dark["title"] as? String == "Hello, Winter")
    }

    @Test func everyProvidedKeyIsABuiltInKeyOrFromTheLayout() {
        let keys = Set(values().keys)
        // `launchLogo` is there only for a layout with a "launchScreen" (LaunchScreenTests).
        #expect(keys == TemplateKeys.builtIn.subtracting(["launchLogo"]).union(["background", "accent", "title"]))
        #expect(LayoutLoader.reservedKeys == TemplateKeys.builtIn)
    }

    @Test func nativePixelScreenReportsTheEffectiveScale() throws {
        let plus = screens([device("iphone-8-plus", points: (414, 736), scale: 3, nativePixels: PixelSize(width: 1080, height: 1920))])
        let native = try #require(plus.last)
        let values = TemplateContext(layout: Self.layout, canvas: fullScreen(native, .portrait), appearance: .light).values
        #expect(values["width"] as? Int == 1080)
        #expect(values["height"] as? Int == 1920)
        #expect(values["pointWidth"] as? String == "414")
        #expect(values["scale"] as? String == "2.609")
    }
}
