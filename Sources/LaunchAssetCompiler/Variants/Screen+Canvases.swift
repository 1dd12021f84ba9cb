import LaunchScreenRepair

extension Screen {
    /// The full screen in `orientation`, followed, with `multitasking`, by its windows in that
    /// orientation. A window has the screen's scale; a Split View window keeps the screen's top
    /// and bottom insets (status bar, home indicator) and no side insets; a Slide Over window
    /// starts below the status bar (no top inset) and keeps the bottom one.
    public func canvases(in orientation: Orientation, multitasking: Bool) -> [Canvas] {
        let pixels = pixels(in: orientation)
        let points = points(in: orientation)
        let insets = safeArea[orientation]
        let fullScreen = Canvas(idiom: idiom, orientation: orientation, pixels: pixels, points: points, safeArea: insets, window: nil)
        guard multitasking, let windows else { return [fullScreen] }
        return [fullScreen]
            + windows[orientation].map { window in
                let size = PointSize(width: window.width, height: window.height ?? points.height)
                let windowPixels = PixelSize(
                    width: Int((size.width * Double(pixels.width) / points.width).rounded()),
                    height: Int((size.height * Double(pixels.height) / points.height).rounded())
                )
                let top = window.window == .slideOver ? 0 : insets.top
                return Canvas(
                    idiom: idiom, orientation: windowPixels.width > windowPixels.height ? .landscape : .portrait,
                    pixels: windowPixels, points: size, safeArea: EdgeInsets(top: top, left: 0, bottom: insets.bottom, right: 0),
                    window: window.window
                )
            }
    }
}
