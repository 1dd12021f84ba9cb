import LaunchScreenRepair

/// What one variant draws on: a screen in one orientation, whole or as one multitasking window.
public struct Canvas: Sendable, Hashable {
    public var idiom: Idiom
    /// The image's orientation, from its shape (a Split View window of a landscape iPad is
    /// usually taller than wide), as the runtime reads it from a snapshot's size.
    public var orientation: Orientation
    public var pixels: PixelSize
    public var points: PointSize
    /// Safe-area insets, in points.
    public var safeArea: EdgeInsets
    /// The multitasking window, or `nil` for the full screen.
    public var window: MultitaskingWindow?

    /// The safe rectangle's size and centre, in points.
    var safeRectangle: (width: Double, height: Double, centerX: Double, centerY: Double) {
        let width = points.width - safeArea.left - safeArea.right
        let height = points.height - safeArea.top - safeArea.bottom
        return (width, height, safeArea.left + width / 2, safeArea.top + height / 2)
    }
}
