extension Plan {
    /// A warning for each layout that costs far more than the others to draw or to carry
    /// (``CostOutlier``), naming what it draws that costs: found after rendering, so that
    /// nobody learns of a 19-second drop shadow or a 27 MB photo from the app's size.
    public func costWarnings(for costs: [LayoutCost]) -> [Diagnostic] {
        CostOutlier.outliers(in: costs).compactMap { outlier in
            guard let layout = layouts.first(where: { $0.id == outlier.cost.layout }) else { return nil }
            let instance = variants.first { $0.layout == layout.id }
            return outlier.warning(for: layout, instance: instance, templates: templates)
        }
    }
}
