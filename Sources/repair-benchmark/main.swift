import Crypto
import Foundation
import LaunchScreenRepair

// repair-benchmark: the cost of a steady launch (nothing to do) with LaunchAssets, beside
// "rewrite every file every launch" (what render-at-launch libraries do, rendering not even
// counted), for an iPhone (4 snapshot files) and an iPad (16), with a manifest the size of the bundled
// layouts' one (or `--variants N`); and for an iPhone whose layout of the day is a remote one a
// fetch stored. Also times the launch call as a new process runs it on the main thread (the
// manifest made from the generated catalog's variant tables, then the app side's decisions for the
// first call) and the preparation it asks for off the main thread (`SnapshotRepair.prepareLaunch`).
// With `--languages N`, the layout of the day has an image per size and appearance in each of N
// languages and the app runs in the last of them.
// Run: swift run -c release repair-benchmark [--variants N] [--languages N]

struct Scenario {
    var name: String
    var idiom: Idiom
    var sizes: [(width: Int, height: Int)]  // one file per size and appearance
    var pngBytes: Int
    /// The layout of the day is a remote one, its images in the module's store.
    var remote = false
}

let scenarios = [
    Scenario(name: "iPhone", idiom: .phone, sizes: [(1179, 2556), (2556, 1179)], pngBytes: 76_000),
    Scenario(
        name: "iPad", idiom: .pad,
        sizes: [(2048, 2732), (2732, 2048), (1024, 2732), (2732, 1024), (1328, 2048), (2048, 1328), (678, 2048), (2048, 678)],
        pngBytes: 150_000),
    Scenario(name: "iPhone, remote layout", idiom: .phone, sizes: [(1179, 2556), (2556, 1179)], pngBytes: 76_000, remote: true),
]

/// What `Remote/layouts.json` holds (the runtime's `StoredRemoteLayouts`, written by a fetch):
/// written here directly, so the benchmark needs no server.
struct StoredRemoteLayouts: Encodable {
    var published: Int
    var layouts: [LaunchManifest.Layout]
    var variants: [LaunchManifest.Variant]
    var models: [String: String]
    var stored: [String]
    var missing: [String: String]
}

/// A remote layout scheduled from yesterday to tomorrow, with one image per size and appearance
/// of `active` (other bytes), stored as a fetch stores them; returns the images.
func storeRemoteLayout(like active: [LaunchManifest.Variant], scenario: Scenario, in locator: SnapshotLocator) throws -> [Data] {
    let remoteFolder = locator.moduleFolder.appendingPathComponent("Remote")
    try FileManager.default.createDirectory(at: remoteFolder.appendingPathComponent("images"), withIntermediateDirectories: true)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .current
    func day(_ offset: Int) -> SeasonDate {
        let parts = calendar.dateComponents([.year, .month, .day], from: calendar.date(byAdding: .day, value: offset, to: Date())!)
        return SeasonDate(year: parts.year!, month: parts.month!, day: parts.day!)
    }
    var variants: [LaunchManifest.Variant] = []
    var images: [Data] = []
    for (index, bundled) in active.enumerated() {
        let bytes = png(width: bundled.width, height: bundled.height, bytes: scenario.pngBytes, seed: 1000 + UInt64(index))
        let sha256 = SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
        try bytes.write(to: remoteFolder.appendingPathComponent("images/\(sha256).png"))
        var variant = bundled
        variant.id = bundled.id.replacingOccurrences(of: "default-", with: "campaign-")
        variant.layout = "campaign"
        variant.md5 = MD5Digest.hex(of: bytes)
        variant.offset = nil
        variant.length = bytes.count
        variant.sha256 = sha256
        variants.append(variant)
        images.append(bytes)
    }
    let stored = StoredRemoteLayouts(
        published: 1,
        layouts: [
            .init(
                id: "campaign", displayName: "Campaign", priority: 0, schedule: [.init(from: day(-1), through: day(1))], delivery: .remote)
        ],
        variants: variants, models: [:], stored: variants.compactMap(\.sha256).sorted(), missing: [:])
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    try encoder.encode(stored).write(to: remoteFolder.appendingPathComponent("layouts.json"))
    return images
}
/// Variants in the benchmark's manifest: by default the bundled layouts' 432 (6 layouts), so a
/// launch searches a manifest of the size an app ships; `--variants N` for a larger one.
let manifestVariants: Int = {
    let arguments = CommandLine.arguments
    guard let flag = arguments.firstIndex(of: "--variants") else { return 432 }
    guard flag + 1 < arguments.count, let count = Int(arguments[flag + 1]), count >= 32 else {
        FileHandle.standardError.write(Data("usage: repair-benchmark [--variants N], N at least 32\n".utf8))
        exit(2)
    }
    return count
}()
/// Languages the layout of the day is drawn in (`--languages N`, 1 to 5): en, then zh-Hans, ja, ar and hi.
let languages: [String?] = {
    let arguments = CommandLine.arguments
    guard let flag = arguments.firstIndex(of: "--languages") else { return [nil] }
    guard flag + 1 < arguments.count, let count = Int(arguments[flag + 1]), (1...5).contains(count) else {
        FileHandle.standardError.write(Data("usage: repair-benchmark [--languages N], N from 1 to 5\n".utf8))
        exit(2)
    }
    return count == 1 ? [nil] : Array(["en", "zh-Hans", "ja", "ar", "hi"].prefix(count))
}()
/// The language the app runs in: the last one drawn.
let appLanguage = languages.last!
/// Variants per layout, as in Scripts/benchmark-manifest's manifests: the bundled layouts' 72, or
/// 208 with multitasking; a larger manifest has more layouts.
let perLayout = manifestVariants > 432 ? 208 : 72
/// Layouts besides the active one, each scheduled on a day long past.
let otherLayouts = (1..<max(2, (manifestVariants + perLayout - 1) / perLayout)).map {
    LaunchManifest.Layout(
        id: "season-\($0)", displayName: "Season \($0)", priority: 1,
        schedule: [.init(from: .init(year: 2001, month: 1, day: $0), through: .init(year: 2001, month: 1, day: $0))])
}
let launches = 200
/// The launch call and its preparation take a fraction of a millisecond: ten times the launches,
/// so that a burst of other work on the machine moves its median less.
let stepLaunches = 2000
/// Untimed launches before each measurement, so one-time costs (first use of Foundation's time
/// zone and file APIs, cold CPU caches) count for neither strategy.
let warmUp = 20

/// PNG signature + IHDR + a chunk of seeded noise: the size of a real rendered launch image.
func png(width: Int, height: Int, bytes: Int, seed: UInt64) -> Data {
    func be(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    out += be(13) + Array("IHDR".utf8) + be(width) + be(height) + [8, 6, 0, 0, 0, 0, 0, 0, 0]
    var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
    let noise = (0..<max(0, bytes - 57)).map { _ -> UInt8 in
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return UInt8(truncatingIfNeeded: state)
    }
    out += be(noise.count) + Array("IDAT".utf8) + noise + [0, 0, 0, 0]
    out += be(0) + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
    return Data(out)
}

/// Fastest, median and slowest of a measurement.
struct Spread {
    var min: Double, median: Double, max: Double

    init(_ values: [Double]) {
        let sorted = values.sorted()
        (min, median, max) = (sorted[0], sorted[sorted.count / 2], sorted[sorted.count - 1])
    }
}

func milliseconds(_ seconds: Double) -> String { String(format: "%.3f", seconds * 1000) }

func kilobytes(_ bytes: Int) -> String { String(format: "%.1f KB", Double(bytes) / 1024) }

/// Left-aligned columns; a longer cell pushes the rest right rather than being cut.
func line(_ cells: [String], _ widths: [Int]) -> String {
    zip(cells, widths).map { $0.count >= $1 ? $0 : $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ")
}

let widths = [21, 5, 32, 26, 10, 10]
print(
    "launches per measurement: \(launches) (the launch call and its preparation: \(stepLaunches)) after \(warmUp) untimed; "
        + "manifest of \(manifestVariants) variants in \(otherLayouts.count + 1) layouts"
        + (appLanguage.map { ", the layout of the day in \(languages.count) languages, the app in \($0)" } ?? "")
)
print("wall time per launch in ms as min / median / max")
print(line(["device", "files", "strategy", "wall ms (min/median/max)", "read", "written"], widths))
for scenario in scenarios {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("repair-benchmark-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let locator = SnapshotLocator(container: root.appendingPathComponent("Container"), bundleIdentifier: "com.example.bench")
    try FileManager.default.createDirectory(at: locator.snapshotFolder, withIntermediateDirectories: true)

    // Manifest and pack: one layout, one variant per size and appearance (and language).
    let version = "bench-1"
    let start = LaunchPack.headerLength(version: version)
    var body = Data()
    var variants: [LaunchManifest.Variant] = []
    var seed: UInt64 = 1
    for size in scenario.sizes {
        for appearance in Appearance.allCases {
            for language in languages {
                let bytes = png(width: size.width, height: size.height, bytes: scenario.pngBytes, seed: seed)
                seed += 1
                variants.append(
                    .init(
                        id: "default-\(size.width)x\(size.height)-\(appearance.rawValue)\(language.map { "-\($0)" } ?? "")",
                        layout: "default", width: size.width, height: size.height,
                        orientation: size.width > size.height ? .landscape : .portrait, appearance: appearance, idiom: scenario.idiom,
                        devices: [], md5: MD5Digest.hex(of: bytes), offset: start + body.count, length: bytes.count, locale: language))
                body.append(bytes)
            }
        }
    }
    // The rest of the manifest (bytes never read): the active layout's variants of the other idiom,
    // up to `perLayout`, and the other layouts' variants of both idioms, listed first, so a search
    // that scans pays for all of them.
    let drawn = variants
    /// The variants the snapshot files hold: the app's language's.
    let active = drawn.filter { $0.locale == appLanguage }
    let otherIdiom: Idiom = scenario.idiom == .phone ? .pad : .phone
    let padding = (0..<max(0, min(perLayout, manifestVariants) - drawn.count)).map { index in
        var other = drawn[index % drawn.count]
        other.id = "default-\(otherIdiom.rawValue)-\(index)"
        other.idiom = otherIdiom
        return other
    }
    let others = (0..<max(0, manifestVariants - drawn.count - padding.count)).map { index in
        var other = drawn[index % drawn.count]
        other.id = "other-\(index)"
        other.layout = otherLayouts[index / perLayout % otherLayouts.count].id
        other.idiom = index % 3 == 0 ? scenario.idiom : otherIdiom
        return other
    }
    let layouts = otherLayouts + [.init(id: "default", displayName: "Default", priority: 0, schedule: [])]
    // As the generated catalog holds them: a table per layout, read when a lookup needs it.
    let tables = VariantTable.texts(of: others + padding + drawn)
    func catalogManifest() -> LaunchManifest {
        LaunchManifest(
            version: version, generator: "benchmark", pack: "Bench.launchpack", layouts: layouts, variantTables: tables,
            developmentLanguage: appLanguage == nil ? nil : "en")
    }
    let manifest = catalogManifest()
    let packURL = root.appendingPathComponent("Bench.launchpack")
    try (LaunchPack.header(version: version, bodyLength: body.count) + body).write(to: packURL)
    let pack = try LaunchPack(contentsOf: packURL, for: manifest)

    // The snapshot folder after a first repair: every file holds its variant.
    let snapshots = scenario.remote ? try storeRemoteLayout(like: active, scenario: scenario, in: locator) : try active.map(pack.bytes(of:))
    for bytes in snapshots {
        try bytes.write(to: locator.snapshotFolder.appendingPathComponent("\(UUID().uuidString)@2x.ktx"))
    }
    let request = RepairRequest(
        locator: locator, manifest: manifest, variants: pack,
        environment: RepairEnvironment(
            systemVersion: SystemVersion(major: 17), idiom: scenario.idiom, language: appLanguage, appVersion: "1.0"),
        options: RepairOptions(orientationPolicy: .both))
    let first = try SnapshotRepair.run(request)
    precondition(first.files(.kept).count == active.count, "setup: \(first.text)")
    precondition(first.layout == (scenario.remote ? "campaign" : "default"), "setup: \(first.text)")

    // LaunchAssets steady launch: nothing written, the ledger included.
    func ledgerStamp() throws -> Date? {
        try FileManager.default.attributesOfItem(atPath: locator.ledgerFile.path)[.modificationDate] as? Date
    }
    let ledgerBefore = try ledgerStamp()
    var steadyTimes: [Double] = []
    var steadyRead = 0
    var steadyWritten = 0
    for _ in 0..<warmUp { _ = try SnapshotRepair.run(request) }
    for _ in 0..<launches {
        let start = DispatchTime.now().uptimeNanoseconds
        let report = try SnapshotRepair.run(request)
        steadyTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        steadyRead = report.bytesRead
        steadyWritten = report.bytesWritten
        precondition(report.files(.kept).count == active.count)
    }
    let ledgerAfter = try ledgerStamp()
    precondition(ledgerAfter == ledgerBefore, "the steady launch rewrote the ledger")

    // The launch call on the main thread, as a new process runs it: the manifest made from the
    // tables (the generated catalog's first use) and the app side's decisions for the first call.
    // Then the preparation that call asks for, off the main thread: the placeholder check and
    // what the system drew the launch from.
    let screen = ScreenReading(
        pointWidth: Double(active[0].width) / 3, pointHeight: Double(active[0].height) / 3, scale: 3, nativeScale: 3, appearance: .light)
    let clock = Clock(now: request.environment.date, timeZone: request.environment.timeZone)
    func launchCall() -> [LaunchEffect] {
        var coordinator = LaunchCoordinator(
            configuration: LaunchConfiguration(
                device: request.environment, usesScenes: true, background: .none, manifest: catalogManifest()),
            clock: clock)
        return coordinator.handle(
            .repairRequested(
                RepairCall(
                    id: CallID(rawValue: 1), options: RepairOptionsSummary(RepairOptions()), app: .launching, screen: screen,
                    clock: clock)))
    }
    precondition(launchCall().count == 2, "setup: the first call asks for the options and the preparation")
    let prepared = SnapshotRepair.prepareLaunch(locator, environment: request.environment, screen: screen.pixelSizes, manifest: manifest)
    precondition(prepared.readTheSnapshots, "setup: the preparation read no snapshots")
    var callTimes: [Double] = []
    var stepTimes: [Double] = []
    for _ in 0..<warmUp {
        _ = launchCall()
        _ = SnapshotRepair.prepareLaunch(locator, environment: request.environment, screen: screen.pixelSizes, manifest: catalogManifest())
    }
    for _ in 0..<stepLaunches {
        var start = DispatchTime.now().uptimeNanoseconds
        _ = launchCall()
        callTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        start = DispatchTime.now().uptimeNanoseconds
        _ = SnapshotRepair.prepareLaunch(locator, environment: request.environment, screen: screen.pixelSizes, manifest: catalogManifest())
        stepTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }

    // Rewrite every file every launch: atomic write of each variant's bytes (no rendering counted).
    let files = try FileManager.default.contentsOfDirectory(atPath: locator.snapshotFolder.path).filter { !$0.hasPrefix(".") }.sorted()
    let fileSystem = LocalFileSystem()
    let payloads = snapshots
    var rewriteTimes: [Double] = []
    var rewriteWritten = 0
    for _ in 0..<warmUp {
        for (name, data) in zip(files, payloads) {
            try fileSystem.writeAtomically(data, to: locator.snapshotFolder.appendingPathComponent(name))
        }
    }
    for _ in 0..<launches {
        let start = DispatchTime.now().uptimeNanoseconds
        rewriteWritten = 0
        for (name, data) in zip(files, payloads) {
            try fileSystem.writeAtomically(data, to: locator.snapshotFolder.appendingPathComponent(name))
            rewriteWritten += data.count
        }
        rewriteTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }

    func row(_ strategy: String, _ times: [Double], _ read: Int, _ written: Int) {
        let spread = Spread(times)
        print(
            line(
                [
                    scenario.name, String(active.count), strategy,
                    "\(milliseconds(spread.min)) / \(milliseconds(spread.median)) / \(milliseconds(spread.max))",
                    kilobytes(read), kilobytes(written),
                ], widths))
    }
    row("steady launch (LaunchAssets)", steadyTimes, steadyRead, steadyWritten)
    row("launch call (main thread)", callTimes, 0, 0)
    row("launch preparation (off main)", stepTimes, 0, 0)
    row("rewrite every file, every launch", rewriteTimes, 0, rewriteWritten)
    let (steady, rewrite) = (Spread(steadyTimes), Spread(rewriteTimes))
    print(
        line(
            [
                scenario.name, String(active.count), "ratio rewrite / steady",
                String(format: "%.1fx of medians (%.1fx of mins)", rewrite.median / steady.median, rewrite.min / steady.min),
            ], widths))
}
