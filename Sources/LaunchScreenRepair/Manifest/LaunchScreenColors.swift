/// The background colours, light and dark, of the `LaunchScreen.storyboard` the generator wrote.
///
/// iOS draws that storyboard into the snapshot files, so a snapshot whose background has one of
/// these colours shows that appearance: `AppearanceClassifier` uses them where the luminance
/// of the pixels alone cannot tell (a light colour below mid-grey, a pair of colours of the same
/// luminance).
///
/// A measured background matches a colour within a Euclidean distance of 24, in 0–255 component
/// units, which absorbs the drift of colour management (the system draws the sRGB colour into a
/// Display P3 snapshot and compresses it). The colours are used only when they are more than
/// twice that far apart, so that no background is near both.
public struct LaunchScreenColors: Codable, Sendable, Hashable {
    /// The background in light mode.
    public var light: Color
    /// The background in dark mode.
    public var dark: Color

    /// Creates the colours of a launch storyboard.
    public init(light: Color, dark: Color) {
        self.light = light
        self.dark = dark
    }

    /// An sRGB colour, 8 bits a component.
    public struct Color: Codable, Sendable, Hashable {
        /// The red component, 0–255.
        public var red: UInt8
        /// The green component, 0–255.
        public var green: UInt8
        /// The blue component, 0–255.
        public var blue: UInt8

        /// Creates a colour from its sRGB components.
        public init(red: UInt8, green: UInt8, blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// The square of the Euclidean distance to `other`, in 0–255 component units.
        func squaredDistance(to other: Color) -> Int {
            let red = Int(self.red) - Int(other.red)
            let green = Int(self.green) - Int(other.green)
            let blue = Int(self.blue) - Int(other.blue)
            return red * red + green * green + blue * blue
        }
    }
}

extension LaunchScreenColors {
    /// How far a measured background may be from a launch colour and still be it, in 0–255
    /// component units: colour management's drift stays well within it.
    static let tolerance = 24

    /// Whether a measured colour can be told to be one or the other: the two colours are more
    /// than twice ``tolerance`` apart, so no colour is within it of both.
    var areDistinct: Bool { light.squaredDistance(to: dark) > (2 * Self.tolerance) * (2 * Self.tolerance) }

    /// The appearance whose colour `measured` is, within ``tolerance``; `nil` when it is
    /// neither, or when the two colours are too close together to tell.
    func appearance(of measured: Color) -> Appearance? {
        guard areDistinct else { return nil }
        if measured.squaredDistance(to: light) <= Self.tolerance * Self.tolerance { return .light }
        if measured.squaredDistance(to: dark) <= Self.tolerance * Self.tolerance { return .dark }
        return nil
    }
}
