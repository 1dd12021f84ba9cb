import LaunchScreenRepair

/// The values a template sees for one variant: the canvas (a screen in one orientation, or a
/// multitasking window of it), the appearance, the language, and the layout's palette and
/// strings in that language.
///
/// Every key is documented in the template reference (`Docs/Layouts.md`); ``builtInKeys`` lists them, and
/// layouts may not shadow them.
struct TemplateContext {
    /// The keys the generator provides itself.
    static let builtInKeys: Set<String> = [
        "width", "height", "pointWidth", "pointHeight", "scale",
        "orientation", "isPortrait", "isLandscape",
        "appearance", "isDark", "isLight",
        "idiom", "isPhone", "isPad",
        "isWindow", "windowClass", "isSplitView", "isSlideOver",
        "centerX", "centerY", "safeArea", "launchLogo",
        "layout", "displayName",
        "language", "layoutDirection", "isRTL", "joinsLetters",
    ]

    /// The keys of the nested `safeArea` object.
    static let safeAreaKeys: Set<String> = ["top", "left", "bottom", "right", "width", "height", "centerX", "centerY"]

    /// The keys of the nested `launchLogo` object, which only the layout with a launch screen has.
    static let launchLogoKeys: Set<String> = ["x", "y", "width", "height", "viewBox"]

    /// The built-in objects and their keys.
    static let objectKeys: [String: Set<String>] = ["safeArea": safeAreaKeys, "launchLogo": launchLogoKeys]

    /// The dictionary handed to Mustache.
    let values: [String: Any]

    /// The values for `language`, the layout's development language when `nil`.
    init(layout: SeasonalLayout, canvas: Canvas, appearance: Appearance, language: String? = nil) {
        let language = language ?? layout.developmentLanguage
        let tag = LanguageTag(language)
        let isRTL = tag?.isRightToLeft ?? false
        let pixels = canvas.pixels
        let points = canvas.points
        let insets = canvas.safeArea
        let orientation = canvas.orientation
        let safe = canvas.safeRectangle
        var values: [String: Any] = [
            "width": pixels.width,
            "height": pixels.height,
            "pointWidth": Self.number(points.width),
            "pointHeight": Self.number(points.height),
            "scale": Self.number(Double(pixels.width) / points.width),
            "orientation": orientation.rawValue,
            "isPortrait": orientation == .portrait,
            "isLandscape": orientation == .landscape,
            "appearance": appearance.rawValue,
            "isDark": appearance == .dark,
            "isLight": appearance == .light,
            "idiom": canvas.idiom.rawValue,
            "isPhone": canvas.idiom == .phone,
            "isPad": canvas.idiom == .pad,
            "isWindow": canvas.window != nil,
            "windowClass": canvas.window?.rawValue ?? "fullScreen",
            "isSplitView": canvas.window.map { $0 != .slideOver } ?? false,
            "isSlideOver": canvas.window == .slideOver,
            "centerX": Self.number(points.width / 2),
            "centerY": Self.number(points.height / 2),
            "safeArea": [
                "top": Self.number(insets.top),
                "left": Self.number(insets.left),
                "bottom": Self.number(insets.bottom),
                "right": Self.number(insets.right),
                "width": Self.number(safe.width),
                "height": Self.number(safe.height),
                "centerX": Self.number(safe.centerX),
                "centerY": Self.number(safe.centerY),
            ] as [String: String],
            "layout": layout.id,
            "displayName": layout.displayName,
            "language": language,
            "layoutDirection": isRTL ? "rtl" : "ltr",
            "isRTL": isRTL,
            "joinsLetters": tag?.joinsLetters ?? false,
        ]
        if let design = layout.launchScreen {
            values["launchLogo"] = Self.launchLogo(design.logoFrame, canvas: canvas)
        }
        values.merge(layout.strings(in: language)) { builtIn, _ in builtIn }
        values.merge(layout.palettes[appearance] ?? [:]) { builtIn, _ in builtIn }
        self.values = values
    }

    /// Where the launch storyboard puts the logo on `canvas`, in points: its frame offset from
    /// the safe area's centre, the origin on the device's pixel grid as Auto Layout places views
    /// (nearest pixel of the screen's scale, 3 on a 2.88× screen). `viewBox` is the frame itself,
    /// for a nested `<svg>` that draws the logo partial there.
    static func launchLogo(_ frame: LaunchScreenDesign.Frame, canvas: Canvas) -> [String: String] {
        let scale = max(1, (Double(canvas.pixels.width) / canvas.points.width).rounded())
        let safe = canvas.safeRectangle
        func snapped(_ value: Double) -> Double { (value * scale).rounded() / scale }
        return [
            "x": number(snapped(safe.centerX + frame.x)),
            "y": number(snapped(safe.centerY + frame.y)),
            "width": number(frame.width),
            "height": number(frame.height),
            "viewBox": frame.viewBox,
        ]
    }

    /// A number as SVG wants it: `375`, `47.33`, never `375.0` or an exponent.
    static func number(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = String(format: "%.3f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
