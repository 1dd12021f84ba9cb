import LaunchScreenRepair

/// The values a template sees for one variant: the canvas (a screen in one orientation, or a
/// multitasking window of it), the appearance, the language, and the layout's palette and
/// strings in that language.
///
/// Every key is documented in the template reference (`Docs/Layouts.md`); ``TemplateKeys`` lists them, and
/// layouts may not shadow them.
struct TemplateContext {
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
            "pointWidth": svgNumber(points.width),
            "pointHeight": svgNumber(points.height),
            "scale": svgNumber(Double(pixels.width) / points.width),
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
            "centerX": svgNumber(points.width / 2),
            "centerY": svgNumber(points.height / 2),
            "safeArea": [
                "top": svgNumber(insets.top),
                "left": svgNumber(insets.left),
                "bottom": svgNumber(insets.bottom),
                "right": svgNumber(insets.right),
                "width": svgNumber(safe.width),
                "height": svgNumber(safe.height),
                "centerX": svgNumber(safe.centerX),
                "centerY": svgNumber(safe.centerY),
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
            "x": svgNumber(snapped(safe.centerX + frame.x)),
            "y": svgNumber(snapped(safe.centerY + frame.y)),
            "width": svgNumber(frame.width),
            "height": svgNumber(frame.height),
            "viewBox": frame.viewBox,
        ]
    }
}

extension TemplateLibrary {
    /// Instantiates the template named by `fileName` (`snowfall.svg`) for one variant.
    func instantiate(_ fileName: String, with context: TemplateContext) -> String? {
        instantiate(fileName, values: context.values)
    }
}
