import Foundation
import LaunchScreenRepair
import Testing

@testable import LaunchAssetCompiler

/// The real files under `Fixtures/` (copied into the test bundle).
enum Fixtures {
    static let root: URL = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!

    static func url(_ path: String) -> URL { root.appendingPathComponent(path) }
}

/// A fresh folder under the system's temporary directory; call `remove()` when done
/// (tests do it with `defer`).
struct TemporaryFolder {
    let url: URL

    init(_ label: String = "LaunchAssetCompilerTests") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A path below the folder (nothing is created).
    func path(_ relative: String) -> URL { url.appendingPathComponent(relative) }

    /// Writes `text` as UTF-8 to `relative`, creating folders on the way.
    @discardableResult
    func write(_ relative: String, _ text: String) throws -> URL {
        try write(relative, Data(text.utf8))
    }

    @discardableResult
    func write(_ relative: String, _ data: Data) throws -> URL {
        let file = path(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
        return file
    }

    /// Creates an empty sub-folder and returns it.
    func folder(_ relative: String) throws -> URL {
        let folder = path(relative)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

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

// MARK: - PNG

/// Width and height from a PNG's IHDR chunk, checking the signature and chunk type.
func pngSize(_ data: Data) -> (width: Int, height: Int)? {
    let bytes = [UInt8](data)
    guard bytes.count >= 24, Array(bytes[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
        Array(bytes[12..<16]) == Array("IHDR".utf8)
    else { return nil }
    func u32(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (u32(16), u32(20))
}

/// Reads a little-endian UInt32.
func uint32LE(_ data: Data, at offset: Int) -> UInt32 {
    let start = data.startIndex + offset
    return data[start..<start + 4].reversed().reduce(0) { $0 << 8 | UInt32($1) }
}

// MARK: - MD5 (RFC 1321), independent of the library's swift-crypto use

func md5Hex(_ data: Data) -> String {
    let shifts: [UInt32] = [
        7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
        5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
        4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
        6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
    ]
    let table: [UInt32] = (0..<64).map { UInt32(truncatingIfNeeded: Int64(abs(sin(Double($0 + 1))) * 4_294_967_296)) }
    var message = [UInt8](data)
    let bitLength = UInt64(message.count) &* 8
    message.append(0x80)
    while message.count % 64 != 56 { message.append(0) }
    for shift in stride(from: 0, to: 64, by: 8) { message.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
    var a0: UInt32 = 0x6745_2301
    var b0: UInt32 = 0xefcd_ab89
    var c0: UInt32 = 0x98ba_dcfe
    var d0: UInt32 = 0x1032_5476
    for chunk in stride(from: 0, to: message.count, by: 64) {
        let words: [UInt32] = (0..<16).map { index in
            (0..<4).reduce(UInt32(0)) { $0 | UInt32(message[chunk + index * 4 + $1]) << UInt32(8 * $1) }
        }
        var a = a0
        var b = b0
        var c = c0
        var d = d0
        for i in 0..<64 {
            var f: UInt32
            var g: Int
            switch i {
            case 0..<16:
                f = (b & c) | (~b & d)
                g = i
            case 16..<32:
                f = (d & b) | (~d & c)
                g = (5 * i + 1) % 16
            case 32..<48:
                f = b ^ c ^ d
                g = (3 * i + 5) % 16
            default:
                f = c ^ (b | ~d)
                g = (7 * i) % 16
            }
            f = f &+ a &+ table[i] &+ words[g]
            a = d
            d = c
            c = b
            b = b &+ (f << shifts[i] | f >> (32 - shifts[i]))
        }
        a0 = a0 &+ a
        b0 = b0 &+ b
        c0 = c0 &+ c
        d0 = d0 &+ d
    }
    return [a0, b0, c0, d0].flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32(8 * $0)) } }
        .map { String(format: "%02x", $0) }.joined()
}

@Test func md5HelperMatchesRFC1321Vectors() {
    #expect(md5Hex(Data()) == "d41d8cd98f00b204e9800998ecf8427e")
    #expect(md5Hex(Data("abc".utf8)) == "900150983cd24fb0d6963f7d28e17f72")
    #expect(md5Hex(Data(String(repeating: "1234567890", count: 8).utf8)) == "57edf4a22be3c955ac49da2e2107b67a")
    #expect(md5Hex(Data(repeating: UInt8(ascii: "a"), count: 1000)) == "cabe45dcc9ae5b66ba86600cca6b8ba8")
}
