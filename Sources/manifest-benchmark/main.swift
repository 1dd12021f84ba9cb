import Foundation
import LaunchAssetCompiler
import LaunchScreenRepair

// manifest-benchmark: writes the generated `<Type>.swift` for a synthetic manifest of N variants,
// shaped like a rendered one (both idioms, both appearances, sizes with their devices, iPad
// multitasking windows, a models table), so Scripts/benchmark-manifest can time compiling it.
//   manifest-benchmark <variants> <output.swift>

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 2, let count = Int(arguments[0]), count > 0 else {
    FileHandle.standardError.write(Data("usage: manifest-benchmark <variants> <output.swift>\n".utf8))
    exit(2)
}
let output = URL(fileURLWithPath: arguments[1])
let typeName = "LaunchAssets"

/// Variants per layout: the bundled layouts' 72 (432 in 6), or 208 with multitasking (1,248 in 6).
let perLayout = count > 432 ? 208 : 72
let layoutCount = (count + perLayout - 1) / perLayout
let layouts = (0..<layoutCount).map { index in
    LaunchManifest.Layout(
        id: index == 0 ? "default" : "season-\(index)", displayName: index == 0 ? "Default" : "Season \(index)",
        priority: index % 3,
        schedule: index == 0 ? [] : [.init(from: .init(month: 1 + index % 12, day: 1), through: .init(month: 1 + index % 12, day: 20))])
}
/// Seeded hex digits (xorshift), so the same count always gives the same file.
struct SeededHex {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15

    mutating func next(_ characters: Int) -> String {
        var text = ""
        while text.count < characters {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            text += String(state, radix: 16)
        }
        return String(text.prefix(characters))
    }
}
var hex = SeededHex()
let sizes = [(1179, 2556), (1290, 2796), (1170, 2532), (1284, 2778), (750, 1334), (1242, 2688), (2048, 2732), (1668, 2388), (1640, 2360)]
let windows: [MultitaskingWindow?] = [nil, .splitViewOneThird, .splitViewHalf, .splitViewTwoThirds, .slideOver]
var variants: [LaunchManifest.Variant] = []
var offset = LaunchPack.headerLength(version: "bench")
for index in 0..<count {
    let layout = layouts[index / perLayout]
    let (width, height) = sizes[index / 4 % sizes.count]
    let idiom: Idiom = width >= 1640 ? .pad : .phone
    let landscape = index % 4 >= 2
    let appearance: Appearance = index % 2 == 0 ? .light : .dark
    let window = idiom == .pad ? windows[index / 36 % windows.count] : nil
    let length = 60_000 + index % 997 * 40
    let (w, h) = landscape ? (height, width) : (width, height)
    variants.append(
        .init(
            id: "\(layout.id)-\(idiom.rawValue)-\(w)x\(h)-\(appearance.rawValue)\(window.map { "-\($0.rawValue)" } ?? "")-\(index)",
            layout: layout.id, width: w, height: h, orientation: landscape ? .landscape : .portrait, appearance: appearance,
            idiom: idiom, devices: (0...index % 3).map { "device-\(index / 4 % sizes.count)-\($0)" }, md5: hex.next(32), offset: offset,
            length: length, window: window))
    offset += length
}
let models = Dictionary(uniqueKeysWithValues: (0..<60).map { ("Model\($0 / 4),\($0 % 4)", "device-\($0 % sizes.count)-\($0 % 3)") })
let manifest = LaunchManifest(
    version: hex.next(16), generator: "launch-assets benchmark", pack: "\(typeName).launchpack", layouts: layouts, variants: variants,
    models: models)
let source = SwiftSourceGenerator(typeName: typeName, bundle: .main).source(for: manifest)
try Data(source.utf8).write(to: output)
print("\(output.path): \(variants.count) variants in \(layouts.count) layouts, \(source.utf8.count) bytes")
