extension RepairPlanner {
    /// The words every iPad window-size reason holds: such a file is skipped on every launch
    /// until the catalog covers it, so the log keeps it out of the notices.
    static let windowSizeNote = "an iPad window size no variant covers"

    /// Why a file of this pixel size is skipped when no variant has its size.
    ///
    /// On an iPad, a size that does not cover the device's full screen (in either orientation) is
    /// a window: Split View and Slide Over sizes are rendered only with `multitasking: true`, and
    /// Stage Manager windows can be any size. The full screens are the device's own when the
    /// manifest names it, else every full-screen iPad variant of the layout; a size at least as
    /// large as one of them is a screen the catalog lacks.
    func uncoveredSizeReason(width: Int, height: Int) -> String {
        let subject = "no \(idiom.rawValue) variant of \(width)x\(height) in layout \(layout)"
        guard idiom == .pad, isWindowSize(width: width, height: height) else {
            return "\(subject): the device catalog lacks this screen size"
        }
        if variants.contains(where: { $0.window != nil }) {
            return "\(subject): \(Self.windowSizeNote), so a Stage Manager window; "
                + "Stage Manager windows can be any size and are not rendered"
        }
        return "\(subject): \(Self.windowSizeNote); Stage Manager windows can be any size and are not rendered; "
            + "Split View and Slide Over sizes are rendered with multitasking: true"
    }

    /// Whether the size is smaller, in width or height, than every full screen it could be.
    private func isWindowSize(width: Int, height: Int) -> Bool {
        let fullScreens = variants.filter { $0.window == nil }
        let ownScreens = fullScreens.filter { variant in deviceModel.map(variant.devices.contains) ?? false }
        let sizes = (ownScreens.isEmpty ? fullScreens : ownScreens).flatMap { [($0.width, $0.height), ($0.height, $0.width)] }
        return !sizes.isEmpty && sizes.allSatisfy { width < $0.0 || height < $0.1 }
    }
}
