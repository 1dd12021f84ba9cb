/// The sRGB background colours, light and dark, of the launch storyboard the generator wrote.
public struct LaunchScreenColors: Codable, Sendable, Hashable {
    /// The light appearance's colour.
    public var light: Color
    /// The dark appearance's colour.
    public var dark: Color

    /// Creates a value.
    public init(light: Color, dark: Color) {
        self.light = light
        self.dark = dark
    }

    /// An 8-bit sRGB colour.
    public struct Color: Codable, Sendable, Hashable {
        /// Red, 0–255.
        public var red: UInt8
        /// Green, 0–255.
        public var green: UInt8
        /// Blue, 0–255.
        public var blue: UInt8

        /// Creates a value.
        public init(red: UInt8, green: UInt8, blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }
    }
}
