extension RepairPlanner {
    /// Why a file of this pixel size is skipped when no variant has its size.
    ///
    /// On an iPad, a size that does not cover the device's full screen (in either orientation) is
    /// a window: Split View and Slide Over sizes are rendered only with `multitasking: true`, and
    /// Stage Manager windows can be any size. The full screens are the device's own when the
    /// manifest names it, else every full-screen iPad variant of the layout; a size at least as
    /// large as one of them is a screen the catalog lacks.
    func uncoveredSizeCause(width: Int, height: Int) -> RepairReport.Cause {
        let size: RepairReport.UncoveredSize =
            if idiom != .pad || !isWindowSize(width: width, height: height) {
                .screenNotInCatalog
            } else if variants.contains(where: { $0.window != nil }) {
                .stageManagerWindow
            } else {
                .multitaskingWindow
            }
        return .uncoveredSize(idiom, width: width, height: height, layout: layout, size)
    }

    /// Whether the size is smaller, in width or height, than every full screen it could be.
    private func isWindowSize(width: Int, height: Int) -> Bool {
        let fullScreens = variants.filter { $0.window == nil }
        let ownScreens = fullScreens.filter { variant in deviceModel.map(variant.devices.contains) ?? false }
        let sizes = (ownScreens.isEmpty ? fullScreens : ownScreens).flatMap { [($0.width, $0.height), ($0.height, $0.width)] }
        return !sizes.isEmpty && sizes.allSatisfy { width < $0.0 || height < $0.1 }
    }
}
