import Foundation

/// One of the four kinds of launch snapshot an app has: an orientation in an appearance.
/// (An iPad has several files per slot: the full screen and its multitasking windows.)
public struct LaunchSlot: Codable, Sendable, Hashable, CustomStringConvertible {
    /// The slot's orientation.
    public var orientation: Orientation
    /// The slot's appearance.
    public var appearance: Appearance

    /// Creates a slot.
    public init(_ orientation: Orientation, _ appearance: Appearance) {
        self.orientation = orientation
        self.appearance = appearance
    }

    public static let portraitLight = LaunchSlot(.portrait, .light)
    public static let portraitDark = LaunchSlot(.portrait, .dark)
    public static let landscapeLight = LaunchSlot(.landscape, .light)
    public static let landscapeDark = LaunchSlot(.landscape, .dark)

    /// `portrait-dark`: the slot's key in the ledger and its image's name in `Overrides/`.
    package var key: String { "\(orientation.rawValue)-\(appearance.rawValue)" }

    /// The key.
    public var description: String { key }
}

/// The app's own images for slots, as the engine plans with them: each one is a variant of
/// its own (id `app:<slot>`) that takes the place of the manifest's in every file of its slot
/// with exactly its pixel size; other files of the slot keep the manifest's variant.
struct SlotOverrides {
    /// The overrides as variants, by slot.
    let variants: [LaunchSlot: LaunchManifest.Variant]
    /// Each variant with its record, by variant id.
    private let byID: [String: (variant: LaunchManifest.Variant, record: Ledger.Override)]

    /// The variant id prefix of the app's images.
    static let prefix = "app:"

    init(_ overrides: [String: Ledger.Override], idiom: Idiom) {
        var variants: [LaunchSlot: LaunchManifest.Variant] = [:]
        var byID: [String: (variant: LaunchManifest.Variant, record: Ledger.Override)] = [:]
        for orientation in Orientation.allCases {
            for appearance in Appearance.allCases {
                let slot = LaunchSlot(orientation, appearance)
                guard let record = overrides[slot.key] else { continue }
                let id = Self.prefix + slot.key
                let variant = LaunchManifest.Variant(
                    id: id, layout: "app", width: record.header.width, height: record.header.height,
                    orientation: record.header.orientation, appearance: appearance, idiom: idiom, devices: [],
                    md5: record.md5, offset: nil, length: record.bytes)
                variants[slot] = variant
                byID[id] = (variant, record)
            }
        }
        self.variants = variants
        self.byID = byID
    }

    /// The step for `file` when the app's image of its slot fits it exactly; otherwise `step`.
    func step(_ step: RepairPlan.Step, for file: SnapshotFile) -> RepairPlan.Step {
        guard let orientation = step.orientation, let appearance = step.appearance?.appearance, let header = file.header,
            file.problem == nil, let image = variants[LaunchSlot(orientation, appearance)],
            image.width == header.width, image.height == header.height
        else { return step }
        let current = file.byteCount == image.length && file.md5 == image.md5
        return RepairPlan.Step(
            name: step.name, action: current ? .keep : .replace, variant: image.id, orientation: orientation,
            appearance: step.appearance)
    }

    /// The app's image of that id, if it is one.
    func variant(_ id: String) -> LaunchManifest.Variant? { byID[id]?.variant }

    /// The record of the app's image of that id, if it is one.
    func record(_ id: String) -> Ledger.Override? { byID[id]?.record }
}
