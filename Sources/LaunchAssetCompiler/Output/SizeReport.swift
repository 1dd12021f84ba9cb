import Foundation
import LaunchScreenRepair

/// What a render costs a device: the bytes it carries in the app, and for each remotely
/// delivered layout the bytes it fetches.
public struct SizeReport: Sendable, Equatable, Encodable {
    /// The whole pack's bytes: what every device carries when the pack is one file.
    public var packBytes: Int
    /// Each idiom's window of the pack, by idiom: what a device of that idiom carries when the
    /// pack is in an asset catalog (`render --asset-catalog`).
    public var bundledBytes: [String: Int]
    /// Layout id → catalog device id → the bytes that device fetches for the layout: the
    /// distinct images of its full-screen variants (each orientation rendered for its idiom,
    /// both appearances). An iPad whose Split View or Slide Over snapshots exist fetches those
    /// window variants too; they are not counted here.
    public var fetchedBytes: [String: [String: Int]]

    public init(_ assets: GeneratedAssets) {
        packBytes = assets.pack.count
        bundledBytes = Dictionary(uniqueKeysWithValues: assets.idiomPacks.map { ($0.key.rawValue, $0.value.count) })
        var fetched: [String: [String: Int]] = [:]
        let remote = assets.manifest.layouts.filter { $0.delivery == .remote }.map(\.id)
        for layout in remote {
            var images: [String: [String: Int]] = [:]
            for variant in assets.manifest.variants where variant.layout == layout && variant.window == nil {
                for device in variant.devices { images[device, default: [:]][variant.sha256 ?? variant.md5] = variant.length }
            }
            fetched[layout] = images.mapValues { $0.values.reduce(0, +) }
        }
        fetchedBytes = fetched
    }

    /// The most any device of `idiom` fetches for one remote layout, or `nil` without remote layouts.
    public func largestFetch(_ idiom: Idiom, in manifest: LaunchManifest) -> Int? {
        let devices = Set(manifest.variants.filter { $0.idiom == idiom }.flatMap(\.devices))
        return fetchedBytes.values.flatMap { $0.filter { devices.contains($0.key) }.values }.max()
    }

    /// One line for the render's summary: carried per idiom and, with remote layouts, the
    /// largest fetch per idiom.
    public func summary(for manifest: LaunchManifest) -> String {
        let names: [Idiom: String] = [.phone: "iPhone", .pad: "iPad"]
        let carried = Idiom.allCases.compactMap { idiom in bundledBytes[idiom.rawValue].map { "\(names[idiom]!) \(Self.megabytes($0))" } }
        var line = "bundled per idiom: " + (carried.isEmpty ? "nothing" : carried.joined(separator: ", "))
        if !fetchedBytes.isEmpty {
            let fetched = Idiom.allCases.compactMap { idiom in
                largestFetch(idiom, in: manifest).map { "an \(names[idiom]!) up to \(Self.megabytes($0))" }
            }
            line +=
                "; \(fetchedBytes.count) remote layout\(fetchedBytes.count == 1 ? "" : "s"), fetched one at a time: "
                + fetched.joined(separator: ", ")
        }
        return line
    }

    /// `1.2 MB`, in decimal megabytes like the App Store's sizes.
    public static func megabytes(_ bytes: Int) -> String {
        String(format: "%.2f MB", Double(bytes) / 1_000_000)
    }
}
