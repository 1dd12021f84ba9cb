import Foundation
import LaunchScreenRepair
import Testing

@testable import LaunchAssetCompiler

/// The path a diagnostic shows for a file in a temporary folder.
func displayed(_ url: URL) -> String { url.relativePathForDisplay }

/// 1-based line and byte column of the `occurrence`-th match of `needle` in `text`.
func place(of needle: String, in text: String, occurrence: Int = 1) -> (line: Int, column: Int) {
    var search = text.startIndex..<text.endIndex
    var found: Range<String.Index>?
    for _ in 0..<occurrence {
        guard let range = text.range(of: needle, range: search) else {
            fatalError("\(needle) not found \(occurrence) times")
        }
        found = range
        search = range.upperBound..<text.endIndex
    }
    let before = text[..<found!.lowerBound].utf8
    let line = before.count(where: { $0 == 0x0A }) + 1
    let lineStart = before.lastIndex(of: 0x0A).map { before.index(after: $0) } ?? before.startIndex
    return (line, before.distance(from: lineStart, to: before.endIndex) + 1)
}

// MARK: - Layouts

/// A layout file's JSON text, one key per line.
func layoutJSON(
    id: String,
    template: String = "plain.svg",
    schedule: [(String, String)]? = nil,
    priority: Int? = nil,
    light: [String: String] = ["background": "#FFFFFF", "ink": "#000000"],
    dark: [String: String] = ["background": "#000000", "ink": "#FFFFFF"],
    strings: [String: String]? = nil,
    orientations: String? = nil,
    idioms: [String]? = nil,
    multitasking: Bool? = nil,
    delivery: String? = nil
) -> String {
    func object(_ values: [String: String]) -> String {
        "{ " + values.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \"\($0.value)\"" }.joined(separator: ", ") + " }"
    }
    var lines = ["  \"id\": \"\(id)\"", "  \"template\": \"\(template)\""]
    if let schedule {
        lines.append(
            "  \"schedule\": [" + schedule.map { "{ \"from\": \"\($0.0)\", \"through\": \"\($0.1)\" }" }.joined(separator: ", ") + "]")
    }
    if let priority { lines.append("  \"priority\": \(priority)") }
    lines.append("  \"appearances\": {\n    \"light\": \(object(light)),\n    \"dark\": \(object(dark))\n  }")
    if let strings { lines.append("  \"strings\": \(object(strings))") }
    if let orientations { lines.append("  \"orientations\": \"\(orientations)\"") }
    if let idioms { lines.append("  \"idioms\": [" + idioms.map { "\"\($0)\"" }.joined(separator: ", ") + "]") }
    if let multitasking { lines.append("  \"multitasking\": \(multitasking)") }
    if let delivery { lines.append("  \"delivery\": \"\(delivery)\"") }
    return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
}

// MARK: - Devices and screens

func insets(_ top: Double = 0, _ left: Double = 0, _ bottom: Double = 0, _ right: Double = 0) -> EdgeInsets {
    EdgeInsets(top: top, left: left, bottom: bottom, right: right)
}

/// A small device, so that rendering its screens stays fast.
func device(
    _ id: String,
    _ idiom: Idiom = .phone,
    models: [String] = [],
    points: (Double, Double) = (20, 40),
    scale: Double = 2,
    nativePixels: PixelSize? = nil,
    portrait: EdgeInsets = insets(),
    landscape: EdgeInsets = insets(),
    windows: DeviceWindows? = nil
) -> Device {
    Device(
        id: id, name: id, models: models, idiom: idiom, points: PointSize(width: points.0, height: points.1), scale: scale,
        nativePixels: nativePixels, safeArea: SafeAreas(portrait: portrait, landscape: landscape), windows: windows
    )
}

func screens(_ devices: [Device]) -> [Screen] {
    Screen.distinct(in: DeviceCatalog(devices: devices))
}

/// The whole screen in one orientation, the canvas of a full-screen variant.
func fullScreen(_ screen: Screen, _ orientation: Orientation) -> Canvas {
    screen.canvases(in: orientation, multitasking: false)[0]
}

// MARK: - Bytes

/// Reads a little-endian UInt32.
func uint32LE(_ data: Data, at offset: Int) -> UInt32 {
    let start = data.startIndex + offset
    return data[start..<start + 4].reversed().reduce(0) { $0 << 8 | UInt32($1) }
}
