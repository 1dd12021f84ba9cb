import Foundation
import LaunchScreenRepair

// repair-benchmark: the cost of a steady launch (nothing to do) with LaunchAssets, beside
// "rewrite every file every launch" (what render-at-launch libraries do, rendering not even
// counted), for an iPhone (4 snapshot files) and an iPad (16). Run: swift run -c release repair-benchmark

struct Scenario {
    var name: String
    var idiom: Idiom
    var sizes: [(width: Int, height: Int)]   // one file per size and appearance
    var pngBytes: Int
}

let scenarios = [
    Scenario(name: "iPhone", idiom: .phone, sizes: [(1179, 2556), (2556, 1179)], pngBytes: 76_000),
    Scenario(name: "iPad", idiom: .pad,
             sizes: [(2048, 2732), (2732, 2048), (1024, 2732), (2732, 1024), (1328, 2048), (2048, 1328), (678, 2048), (2048, 678)],
             pngBytes: 150_000),
]
let launches = 200

/// PNG signature + IHDR + a chunk of seeded noise: the size of a real rendered launch image.
func png(width: Int, height: Int, bytes: Int, seed: UInt64) -> Data {
    func be(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    out += be(13) + Array("IHDR".utf8) + be(width) + be(height) + [8, 6, 0, 0, 0, 0, 0, 0, 0]
    var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
    let noise = (0..<max(0, bytes - 57)).map { _ -> UInt8 in
        state ^= state << 13; state ^= state >> 7; state ^= state << 17
        return UInt8(truncatingIfNeeded: state)
    }
    out += be(noise.count) + Array("IDAT".utf8) + noise + [0, 0, 0, 0]
    out += be(0) + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
    return Data(out)
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

func format(_ seconds: Double) -> String { String(format: "%8.3f ms", seconds * 1000) }

func kilobytes(_ bytes: Int) -> String { String(format: "%9.1f KB", Double(bytes) / 1024) }

print("launches per measurement: \(launches) (median wall time per launch)")
print("device  files  strategy                           wall/launch   read/launch  written/launch")
for scenario in scenarios {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("repair-benchmark-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let locator = SnapshotLocator(container: root.appendingPathComponent("Container"), bundleIdentifier: "com.example.bench")
    try FileManager.default.createDirectory(at: locator.snapshotFolder, withIntermediateDirectories: true)

    // Manifest and pack: one layout, one variant per size and appearance.
    let version = "bench-1"
    let header = LaunchPack.header(version: version)
    var body = Data(), variants: [LaunchManifest.Variant] = [], seed: UInt64 = 1
    for size in scenario.sizes {
        for appearance in Appearance.allCases {
            let bytes = png(width: size.width, height: size.height, bytes: scenario.pngBytes, seed: seed)
            seed += 1
            variants.append(.init(id: "default-\(size.width)x\(size.height)-\(appearance.rawValue)", layout: "default",
                                  width: size.width, height: size.height, orientation: size.width > size.height ? .landscape : .portrait,
                                  appearance: appearance, idiom: scenario.idiom, devices: [], md5: MD5Digest.hex(of: bytes),
                                  offset: header.count + body.count, length: bytes.count))
            body.append(bytes)
        }
    }
    let manifest = LaunchManifest(version: version, generator: "benchmark", pack: "Bench.launchpack",
                                  layouts: [.init(id: "default", displayName: "Default", priority: 0, schedule: [])], variants: variants)
    let packURL = root.appendingPathComponent("Bench.launchpack")
    try (header + body).write(to: packURL)
    let pack = try LaunchPack(contentsOf: packURL, for: manifest)

    // The snapshot folder after a first repair: every file holds its variant.
    for variant in variants {
        try pack.bytes(of: variant).write(to: locator.snapshotFolder.appendingPathComponent("\(UUID().uuidString)@2x.ktx"))
    }
    let request = RepairRequest(locator: locator, manifest: manifest, variants: pack,
                                environment: RepairEnvironment(systemVersion: SystemVersion(major: 17), idiom: scenario.idiom, appVersion: "1.0"),
                                orientationPolicy: .both)
    let first = try SnapshotRepair.run(request)
    precondition(first.files(.kept).count == variants.count, "setup: \(first.text)")

    // LaunchAssets steady launch.
    var steadyTimes: [Double] = [], steadyRead = 0, steadyWritten = 0
    for _ in 0..<launches {
        let start = DispatchTime.now().uptimeNanoseconds
        let report = try SnapshotRepair.run(request)
        steadyTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        steadyRead = report.bytesRead
        steadyWritten = report.bytesWritten
        precondition(report.files(.kept).count == variants.count)
    }

    // Rewrite every file every launch: atomic write of each variant's bytes (no rendering counted).
    let files = try FileManager.default.contentsOfDirectory(atPath: locator.snapshotFolder.path).filter { !$0.hasPrefix(".") }.sorted()
    let fileSystem = LocalFileSystem()
    let payloads = try variants.map { try pack.bytes(of: $0) }
    var rewriteTimes: [Double] = [], rewriteWritten = 0
    for _ in 0..<launches {
        let start = DispatchTime.now().uptimeNanoseconds
        rewriteWritten = 0
        for (name, data) in zip(files, payloads) {
            try fileSystem.writeAtomically(data, to: locator.snapshotFolder.appendingPathComponent(name))
            rewriteWritten += data.count
        }
        rewriteTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }

    let count = variants.count
    func row(_ strategy: String, _ time: Double, _ read: Int, _ written: Int) {
        print(scenario.name.padding(toLength: 8, withPad: " ", startingAt: 0)
              + String(count).padding(toLength: 7, withPad: " ", startingAt: 0)
              + strategy.padding(toLength: 33, withPad: " ", startingAt: 0)
              + "\(format(time))  \(kilobytes(read))  \(kilobytes(written))")
    }
    row("steady launch (LaunchAssets)", median(steadyTimes), steadyRead, steadyWritten)
    row("rewrite every file, every launch", median(rewriteTimes), 0, rewriteWritten)
}
