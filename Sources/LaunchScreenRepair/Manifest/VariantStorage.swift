import Foundation

/// Where a manifest keeps its variants: as values, or as the generated catalog writes them, one
/// ``VariantTable`` text per layout, read a layout at a time. A launch that needs one layout's
/// variants reads that layout's text and no other; a lookup across layouts reads every text once
/// and builds the ``VariantIndex`` the lookups then use. Copies of a manifest share their storage
/// (and what it has read); a copy whose variants change gets its own.
final class VariantStorage: @unchecked Sendable {
    /// Variants as values, or one layout's table text.
    private enum Part {
        case values([LaunchManifest.Variant])
        case table(layout: String, text: String)
    }

    private let parts: [Part]
    /// The text of each layout held as one.
    private let tables: [String: String]
    /// Names the manifest when a table cannot be read.
    private let manifestVersion: String
    /// Guards `all`, `index` and `read`, which copies on several threads share.
    private let lock = NSLock()
    private var all: [LaunchManifest.Variant]?
    private var index: VariantIndex?
    /// The layouts whose tables have been read on their own, by id.
    private var read: [String: [LaunchManifest.Variant]] = [:]

    init(_ variants: [LaunchManifest.Variant]) {
        parts = [.values(variants)]
        tables = [:]
        manifestVersion = ""
        all = variants
    }

    /// Each layout's table text, in the order of `layouts` (the order the generator wrote the
    /// variants in). A text whose layout is not among `layouts` is an edited generated file.
    init(tables: [String: String], layouts: [String], manifestVersion: String) {
        parts = layouts.compactMap { layout in tables[layout].map { .table(layout: layout, text: $0) } }
        if parts.count != tables.count, let layout = tables.keys.first(where: { !Set(layouts).contains($0) }) {
            fatalError("manifest \(manifestVersion): a variant table for layout \(layout), which the manifest does not have")
        }
        self.tables = tables
        self.manifestVersion = manifestVersion
    }

    private init(parts: [Part], tables: [String: String], manifestVersion: String) {
        self.parts = parts
        self.tables = tables
        self.manifestVersion = manifestVersion
    }

    /// Every variant, in order.
    var variants: [LaunchManifest.Variant] {
        lock.lock()
        defer { lock.unlock() }
        return allVariants()
    }

    /// The variant of that id, which must be of `layout`: read from that layout's line alone
    /// while the tables have not been read whole.
    func variant(id: String, layout: String) -> LaunchManifest.Variant? {
        lock.lock()
        defer { lock.unlock() }
        guard all == nil else { return builtIndex().variant(id: id).flatMap { $0.layout == layout ? $0 : nil } }
        if let variants = read[layout] { return variants.first { $0.id == id } }
        if let text = tables[layout] {
            do { return try VariantTable.variant(id: id, in: text) } catch { unreadable(layout, error) }
        }
        return values.lazy.compactMap { $0.first { $0.id == id && $0.layout == layout } }.first
    }

    /// The layout's variants for the idiom, in order: read from that layout's table alone (once)
    /// while the tables have not been read whole.
    func variants(layout: String, idiom: Idiom) -> [LaunchManifest.Variant] {
        lock.lock()
        defer { lock.unlock() }
        guard all == nil else { return builtIndex().variants(layout: layout, idiom: idiom) }
        let variants: [LaunchManifest.Variant]
        if let text = tables[layout] {
            if let cached = read[layout] {
                variants = cached
            } else {
                do { variants = try VariantTable.variants(text) } catch { unreadable(layout, error) }
                read[layout] = variants
            }
        } else {
            variants = values.flatMap { $0.filter { $0.layout == layout } }
        }
        return variants.filter { $0.idiom == idiom }
    }

    /// Whether every table has been read (or there were none): what a launch's lookups avoid.
    var hasReadEveryTable: Bool {
        lock.lock()
        defer { lock.unlock() }
        return all != nil
    }

    /// The index of every variant, built on the first call.
    var variantIndex: VariantIndex {
        lock.lock()
        defer { lock.unlock() }
        return builtIndex()
    }

    /// The same variants without those of `layouts`, followed by `replacements`; what is held as
    /// text stays text.
    func replacing(layouts: Set<String>, with replacements: [LaunchManifest.Variant]) -> VariantStorage {
        var kept: [Part] = parts.compactMap { part in
            switch part {
            case .table(let layout, _): layouts.contains(layout) ? nil : part
            case .values(let variants): .values(variants.filter { !layouts.contains($0.layout) })
            }
        }
        kept.append(.values(replacements))
        return VariantStorage(parts: kept, tables: tables.filter { !layouts.contains($0.key) }, manifestVersion: manifestVersion)
    }

    /// The parts held as values.
    private var values: [[LaunchManifest.Variant]] {
        parts.compactMap { part in
            guard case .values(let variants) = part else { return nil }
            return variants
        }
    }

    private func allVariants() -> [LaunchManifest.Variant] {
        if let all { return all }
        var variants: [LaunchManifest.Variant] = []
        for part in parts {
            switch part {
            case .values(let values): variants += values
            case .table(let layout, let text):
                if let cached = read[layout] {
                    variants += cached
                    continue
                }
                do { variants += try VariantTable.variants(text) } catch { unreadable(layout, error) }
            }
        }
        all = variants
        return variants
    }

    private func builtIndex() -> VariantIndex {
        if let index { return index }
        let built = VariantIndex(allVariants())
        index = built
        return built
    }

    /// The generator wrote the tables, so one it cannot read is an edited generated file: a
    /// programming error, which stops the app.
    private func unreadable(_ layout: String, _ error: VariantTableError) -> Never {
        fatalError("manifest \(manifestVersion), layout \(layout): \(error)")
    }
}
