extension LaunchManifest {
    /// The variant of that id (the first, should two share it).
    ///
    /// Indexed: the first lookup on a manifest value builds an index of its variants that later
    /// lookups and copies share, so a launch does not go through every variant.
    package func variant(id: String) -> Variant? {
        variantIndex.variant(id: id)
    }

    /// The layout's variants for the idiom, in manifest order. Until a lookup across layouts
    /// reads them all, the generated catalog's manifest reads that layout's table alone.
    package func variants(layout: String, idiom: Idiom) -> [Variant] {
        storage.variants(layout: layout, idiom: idiom)
    }

    /// The variants of a pixel size, in manifest order; with `eitherOrientation`, those of the
    /// size turned a quarter too. Indexed like ``variant(id:)``.
    package func variants(width: Int, height: Int, eitherOrientation: Bool = false) -> [Variant] {
        variantIndex.variants(width: width, height: height, eitherOrientation: eitherOrientation)
    }

    /// The variant of that id, which must be of `layout`. While the manifest's tables have not
    /// been read whole, reads that layout's line and nothing else: what a launch looks up.
    func variant(id: String, layout: String) -> Variant? {
        storage.variant(id: id, layout: layout)
    }

    /// The manifest's variants without those of `layouts`, followed by `replacements` (remote
    /// layouts laid over bundled ones), the other layouts' tables left unread.
    mutating func replaceVariants(ofLayouts layouts: Set<String>, with replacements: [Variant]) {
        storage = storage.replacing(layouts: layouts, with: replacements)
    }

    private var variantIndex: VariantIndex { storage.variantIndex }
}
