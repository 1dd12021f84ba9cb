extension LaunchManifest {
    /// The variant of that id (the first, should two share it).
    ///
    /// Indexed: the first lookup on a manifest value builds an index of its variants that later
    /// lookups and copies share, so a launch does not go through every variant.
    public func variant(id: String) -> Variant? {
        variantIndex.variant(id: id)
    }

    /// The layout's variants for the idiom, in manifest order. Indexed like ``variant(id:)``.
    public func variants(layout: String, idiom: Idiom) -> [Variant] {
        variantIndex.variants(layout: layout, idiom: idiom)
    }

    /// The variants of a pixel size, in manifest order; with `eitherOrientation`, those of the
    /// size turned a quarter too. Indexed like ``variant(id:)``.
    public func variants(width: Int, height: Int, eitherOrientation: Bool = false) -> [Variant] {
        variantIndex.variants(width: width, height: height, eitherOrientation: eitherOrientation)
    }

    private var variantIndex: VariantIndex { indexCache.index(of: variants) }
}
