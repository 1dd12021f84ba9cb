import Foundation

/// A number as SVG wants it: `375`, `47.33`, never `375.0` or an exponent; rounded to
/// thousandths. Template values, view boxes, the storyboard's frames and device sizes in
/// messages are all written this way.
func svgNumber(_ value: Double) -> String {
    let rounded = (value * 1000).rounded() / 1000
    if rounded == rounded.rounded() { return String(Int(rounded)) }
    var text = String(format: "%.3f", rounded)
    while text.hasSuffix("0") { text.removeLast() }
    return text
}
