extension GeneratedAssets {
    /// What each layout of the manifest cost this render: its render time and its bytes in the pack.
    var layoutCosts: [LayoutCost] {
        LayoutCost.costs(of: manifest, renderTimes: renderTimes)
    }
}
