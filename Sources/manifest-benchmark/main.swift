import Foundation
import LaunchAssetCompiler
import LaunchScreenRepair

// manifest-benchmark: writes the generated `<Type>.swift` for a synthetic manifest of N variants,
// shaped like a rendered one (both idioms, both appearances, sizes with their devices, iPad
// multitasking windows, a models table), so Scripts/benchmark-manifest can time compiling it.
// `form` picks what is written: `generated` (what SwiftSourceGenerator writes), or one of the
// other ways the variants could be written, measured against it (Docs/Performance.md):
// `typed-array` (one array literal of `LaunchManifest.Variant(...)` calls with its type written
// out), `declarations` (one `static let` per variant), `json` (manifest.json in a string literal,
// decoded on first use). With `languages` above 1, the variants are spread over that many languages
// (en, zh-Hans, ja, ar, hi), each with its `locale`, as a localized render writes them.
//   manifest-benchmark <variants> <output.swift> [form] [languages]

let arguments = Array(CommandLine.arguments.dropFirst())
let forms = ["generated", "typed-array", "declarations", "json"]
let tags = ["en", "zh-Hans", "ja", "ar", "hi"]
guard (2...4).contains(arguments.count), let count = Int(arguments[0]), count > 0, arguments.count == 2 || forms.contains(arguments[2]),
    arguments.count < 4 || Int(arguments[3]).map((1...tags.count).contains) == true
else {
    FileHandle.standardError.write(
        Data("usage: manifest-benchmark <variants> <output.swift> [\(forms.joined(separator: "|"))] [languages, 1 to 5]\n".utf8))
    exit(2)
}
let output = URL(fileURLWithPath: arguments[1])
let form = arguments.count > 2 ? arguments[2] : "generated"
let languageCount = arguments.count > 3 ? Int(arguments[3])! : 1
let typeName = "LaunchAssets"

/// Variants per layout: the bundled layouts' 72 (432 in 6), or 208 with multitasking (1,248 in 6),
/// times the languages.
let perLayout = (count / languageCount > 432 ? 208 : 72) * languageCount
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
    let locale = languageCount > 1 ? tags[index % languageCount] : nil
    variants.append(
        .init(
            id: "\(layout.id)-\(idiom.rawValue)-\(w)x\(h)-\(appearance.rawValue)\(window.map { "-\($0.rawValue)" } ?? "")-\(index)"
                + (locale.map { "-\($0)" } ?? ""),
            layout: layout.id, width: w, height: h, orientation: landscape ? .landscape : .portrait, appearance: appearance,
            idiom: idiom, devices: (0...index % 3).map { "device-\(index / 4 % sizes.count)-\($0)" }, md5: hex.next(32), offset: offset,
            length: length, window: window, locale: locale))
    offset += length
}
let models = Dictionary(uniqueKeysWithValues: (0..<60).map { ("Model\($0 / 4),\($0 % 4)", "device-\($0 % sizes.count)-\($0 % 3)") })
let manifest = LaunchManifest(
    version: hex.next(16), generator: "launch-assets benchmark", pack: "\(typeName).launchpack", layouts: layouts, variants: variants,
    models: models, developmentLanguage: languageCount > 1 ? "en" : nil)
/// A Swift string literal of plain text (the synthetic manifest's texts need no escapes).
func quoted(_ text: String) -> String { "\"\(text)\"" }

/// A variant as a `LaunchManifest.Variant(...)` call.
func call(_ variant: LaunchManifest.Variant) -> String {
    let window = variant.window.map { ", window: .\($0)" } ?? ""
    return """
        LaunchManifest.Variant(
                id: \(quoted(variant.id)), layout: \(quoted(variant.layout)),
                width: \(variant.width), height: \(variant.height), orientation: .\(variant.orientation.rawValue), \
        appearance: .\(variant.appearance.rawValue), idiom: .\(variant.idiom.rawValue),
                devices: [\(variant.devices.map(quoted).joined(separator: ", "))],
                md5: \(quoted(variant.md5)), offset: \(variant.offset.map(String.init) ?? "nil"), length: \(variant.length)\(window)
            )
        """
}

/// The generated file with its variants written in another form: the catalog keeps the
/// generator's layouts, models and pack, and its manifest reads `variants` from what `form` declares.
func alternative(_ generated: String, variants declaration: String) -> String {
    let lines = generated.components(separatedBy: "\n")
    let start = lines.firstIndex { $0.contains("/// Each layout's variants, one a line") }!
    let end = lines[start...].firstIndex { $0 == "    ]" }!
    var edited = Array(lines[..<start]) + [declaration] + Array(lines[(end + 1)...])
    let use = edited.firstIndex { $0.contains("variantTables: variantTables,") }!
    edited[use] = "        variants: variants,"
    return edited.joined(separator: "\n")
}

let generated = SwiftSourceGenerator(typeName: typeName, bundle: .main).source(for: manifest)
let source: String
switch form {
case "typed-array":
    source = alternative(
        generated,
        variants: "    private static let variants: [LaunchManifest.Variant] = [\n"
            + variants.map { "        \(call($0))," }.joined(separator: "\n") + "\n    ]")
case "declarations":
    source = alternative(
        generated,
        variants: variants.indices.map { "    private static let v\($0) = \(call(variants[$0]))" }.joined(separator: "\n")
            + "\n    private static let variants: [LaunchManifest.Variant] = [\n"
            + variants.indices.map { "        v\($0)," }.joined(separator: "\n") + "\n    ]")
case "json":
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let json = String(decoding: try encoder.encode(variants), as: UTF8.self)
    source = alternative(
        generated,
        variants: [
            "    private static let variants = try! JSONDecoder().decode([LaunchManifest.Variant].self, from: Data(variantJSON.utf8))",
            "    private static let variantJSON = #\"\"\"", "        \(json)", "        \"\"\"#",
        ].joined(separator: "\n"))
default:
    source = generated
}
try Data(source.utf8).write(to: output)
print("\(output.path): \(form), \(variants.count) variants in \(layouts.count) layouts, \(source.utf8.count) bytes")

// What the generated catalog's first lookup by id costs in a process: read every layout's table,
// build the index (a launch reads one layout's line instead: repair-benchmark). Median of 21.
let tables = VariantTable.texts(of: variants)
let middle = variants[variants.count / 2].id
let firstUse = (0..<21).map { _ in
    let start = DispatchTime.now().uptimeNanoseconds
    let decoded = LaunchManifest(
        version: manifest.version, generator: manifest.generator, pack: manifest.pack, layouts: layouts, variantTables: tables,
        models: models)
    precondition(decoded.variant(id: middle)?.id == middle)
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}.sorted()[10]
print(String(format: "first use (read every table, build the index): %.3f ms", firstUse))
