/// The keys the generator gives every template itself, documented in the template reference
/// (`Docs/Layouts.md`): a layout's palettes and strings may not use them, and a template may
/// name only these keys of the built-in objects (`{{safeArea.top}}`).
enum TemplateKeys {
    /// The keys the generator provides itself.
    static let builtIn: Set<String> = [
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
    static let safeArea: Set<String> = ["top", "left", "bottom", "right", "width", "height", "centerX", "centerY"]

    /// The keys of the nested `launchLogo` object, which only the layout with a launch screen has.
    static let launchLogo: Set<String> = ["x", "y", "width", "height", "viewBox"]

    /// The built-in objects and their keys.
    static let objects: [String: Set<String>] = ["safeArea": safeArea, "launchLogo": launchLogo]
}
