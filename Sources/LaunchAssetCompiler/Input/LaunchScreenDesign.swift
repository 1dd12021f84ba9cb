import LaunchScreenRepair

/// The launch screen iOS draws before the app runs, as the fallback layout's `"launchScreen"`
/// describes it: a background colour and a logo centred on the safe area. `render
/// --storyboard` turns it into `LaunchScreen.storyboard` and asset catalog entries
/// (``LaunchScreenFiles``), and the fallback template draws the same logo in the same place
/// through the `launchLogo` template key, so the first launch and every later one look alike.
public struct LaunchScreenDesign: Sendable, Hashable {
    /// The logo's template file in `Templates/` (`logo.svg`), usually a partial the fallback
    /// template includes too.
    public var logo: String
    /// The logo's box in the template's units, which are points: its origin is the centre of
    /// the safe area. Whole points wide and high, so that every scale has whole pixels.
    public var logoFrame: Frame
    /// The palette key of the background colour (`#RRGGBB`).
    public var background: String

    /// A rectangle in points.
    public struct Frame: Sendable, Hashable, Decodable {
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double

        /// `x y width height`, as an SVG `viewBox` gives it.
        var viewBox: String { [x, y, width, height].map(svgNumber).joined(separator: " ") }
    }

    /// The scales the logo image set holds.
    public static let scales = [1, 2, 3]

    /// How much decoded image memory iOS allows a launch screen, about 25 MB; above it the
    /// system shows a blank launch screen.
    public static let memoryLimit = 25_000_000

    /// The logo's decoded size at 3×, the largest a device loads: 4 bytes a pixel.
    public var logoMemory: Int { Int(logoFrame.width) * 3 * Int(logoFrame.height) * 3 * 4 }

    /// The JSON shape; decoding checks types, ``LayoutLoader`` the rest.
    struct Document: Decodable {
        var logo: String
        var logoFrame: Frame
        var background: String?
    }

    /// The keys a `"launchScreen"` object and its `logoFrame` may hold.
    static let allowedKeys: [String: Set<String>] = [
        "launchScreen": ["logo", "logoFrame", "background"],
        "launchScreen.logoFrame": ["x", "y", "width", "height"],
    ]

    /// Every problem with the design of `layout`, placed in its file. Which layout may have
    /// one (the fallback) is a check of the whole set (``LayoutLoader``).
    static func errors(in layout: SeasonalLayout) -> [Diagnostic] {
        guard let design = layout.launchScreen else { return [] }
        var errors: [Diagnostic] = []
        if design.logo.isEmpty || design.logo.contains("/") || design.logo.hasPrefix(".") || !design.logo.hasSuffix(".svg") {
            errors.append(
                layout.diagnostic(at: "launchScreen.logo", .notALogoName(design.logo)))
        }
        for (name, value) in [("width", design.logoFrame.width), ("height", design.logoFrame.height)]
        where value <= 0 || value != value.rounded() || value > 2000 {
            errors.append(layout.diagnostic(at: "launchScreen.logoFrame.\(name)", .badLogoSide(value)))
        }
        if errors.isEmpty, design.logoMemory > memoryLimit {
            let megabytes = Double(design.logoMemory) / 1_000_000
            let pixels = "\(Int(design.logoFrame.width) * 3)x\(Int(design.logoFrame.height) * 3)"
            errors.append(layout.diagnostic(at: "launchScreen.logoFrame", .logoTooLarge(megabytes: megabytes, pixels: pixels)))
        }
        for appearance in Appearance.allCases {
            let path = "appearances.\(appearance.rawValue)"
            guard let value = layout.palettes[appearance]?[design.background] else {
                errors.append(
                    layout.diagnostic(
                        at: layout.positions["launchScreen.background"] != nil ? "launchScreen.background" : "launchScreen",
                        .backgroundNotInPalette(design.background, palette: path)))
                continue
            }
            if LaunchScreenColors.Color(hex: value) == nil {
                errors.append(layout.diagnostic(at: "\(path).\(design.background)", .backgroundNotSRGB(value)))
            }
        }
        return errors
    }

    /// The background colours, light and dark; `nil` unless both are `#RRGGBB` (checked on load).
    func colors(in layout: SeasonalLayout) -> LaunchScreenColors? {
        guard let light = layout.palettes[.light]?[background].flatMap(LaunchScreenColors.Color.init(hex:)),
            let dark = layout.palettes[.dark]?[background].flatMap(LaunchScreenColors.Color.init(hex:))
        else { return nil }
        return LaunchScreenColors(light: light, dark: dark)
    }
}

extension LaunchScreenColors.Color {
    /// `#RRGGBB` or `#RGB`, either case.
    init?(hex: String) {
        guard hex.hasPrefix("#"), hex.utf8.dropFirst().allSatisfy(\.isHexDigit) else { return nil }
        var digits = Array(hex.dropFirst())
        if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
        guard digits.count == 6, let value = UInt32(String(digits), radix: 16) else { return nil }
        self.init(red: UInt8(value >> 16), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }

    /// `#F7F6F3`.
    var hex: String { String(format: "#%02X%02X%02X", red, green, blue) }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (0x30...0x39).contains(self) || (0x41...0x46).contains(self) || (0x61...0x66).contains(self)
    }
}
