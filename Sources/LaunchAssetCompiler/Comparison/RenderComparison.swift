import LaunchScreenRepair

/// What changed between two renders, variant by variant (matched by id), and layout by layout.
public struct RenderComparison: Sendable {
    public enum Change: String, Sendable, Codable, CaseIterable {
        case changed
        case added
        case removed
        case unchanged
    }

    /// One variant id and what happened to it.
    public struct Entry: Sendable {
        public var id: String
        public var change: Change
        public var old: LaunchManifest.Variant?
        public var new: LaunchManifest.Variant?
        /// For a changed variant, which of its fields differ: `pixels`, `size`, `devices`…
        public var differences: [String]
    }

    /// Every variant of either render: the new render's order, then the removed ones in the old order.
    public var entries: [Entry]
    /// One line per layout that was added, removed, or whose name, priority or schedule changed.
    public var layoutChanges: [String]

    public init(old: LaunchManifest, new: LaunchManifest) {
        let oldVariants = Dictionary(old.variants.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let newIDs = Set(new.variants.map(\.id))
        var entries: [Entry] = new.variants.map { variant in
            guard let before = oldVariants[variant.id] else {
                return Entry(id: variant.id, change: .added, old: nil, new: variant, differences: [])
            }
            let differences = Self.differences(before, variant)
            return Entry(
                id: variant.id, change: differences.isEmpty ? .unchanged : .changed, old: before, new: variant, differences: differences
            )
        }
        entries += old.variants.filter { !newIDs.contains($0.id) }.map {
            Entry(id: $0.id, change: .removed, old: $0, new: nil, differences: [])
        }
        self.entries = entries

        let oldLayouts = Dictionary(old.layouts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let newLayoutIDs = Set(new.layouts.map(\.id))
        var layoutChanges: [String] = []
        for layout in new.layouts {
            guard let before = oldLayouts[layout.id] else {
                layoutChanges.append("layout \(layout.id) added")
                continue
            }
            if before.displayName != layout.displayName {
                layoutChanges.append("layout \(layout.id): name \"\(before.displayName)\" → \"\(layout.displayName)\"")
            }
            if before.priority != layout.priority {
                layoutChanges.append("layout \(layout.id): priority \(before.priority) → \(layout.priority)")
            }
            if before.schedule != layout.schedule {
                layoutChanges.append("layout \(layout.id): schedule \(before.scheduleDescription) → \(layout.scheduleDescription)")
            }
        }
        layoutChanges += old.layouts.filter { !newLayoutIDs.contains($0.id) }.map { "layout \($0.id) removed" }
        self.layoutChanges = layoutChanges
    }

    /// Whether the two renders show the same images on the same devices on the same days.
    public var isIdentical: Bool {
        layoutChanges.isEmpty && entries.allSatisfy { $0.change == .unchanged }
    }

    /// The entries with that change.
    public func entries(_ change: Change) -> [Entry] {
        entries.filter { $0.change == change }
    }

    /// The comparison of only the variants of `languages` (`nil` for the language-neutral
    /// ones), matched without regard to case. The layout changes stay: a schedule is every
    /// language's.
    public func keeping(languages: Set<String?>) -> RenderComparison {
        let wanted = Set(languages.map { $0?.lowercased() })
        var kept = self
        kept.entries = entries.filter { entry in
            [entry.old, entry.new].contains { variant in variant.map { wanted.contains($0.locale?.lowercased()) } ?? false }
        }
        return kept
    }

    /// The fields of a variant a reader of the manifest sees change (not its place in the pack).
    private static func differences(_ old: LaunchManifest.Variant, _ new: LaunchManifest.Variant) -> [String] {
        var found: [String] = []
        if old.width != new.width || old.height != new.height { found.append("size") }
        if old.md5 != new.md5 { found.append("pixels") }
        if old.layout != new.layout { found.append("layout") }
        if old.orientation != new.orientation { found.append("orientation") }
        if old.appearance != new.appearance { found.append("appearance") }
        if old.idiom != new.idiom { found.append("idiom") }
        if old.devices != new.devices { found.append("devices") }
        if old.locale != new.locale { found.append("language") }
        return found
    }
}
