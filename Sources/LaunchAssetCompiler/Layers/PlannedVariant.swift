import Foundation
import LaunchScreenRepair

/// One image to render: where it goes in the manifest, and the SVG that draws it.
public struct PlannedVariant: Sendable, Hashable {
    /// Unique id, `<layout>-<idiom>-<width>x<height>-<appearance>`, for a window
    /// `<layout>-<idiom>-<window>-<width>x<height>-<appearance>` (`winter-pad-split-1-3-750x2048-light`),
    /// then `-<locale>` for a localized image (`winter-phone-1179x2556-light-zh-Hans`), with
    /// `-2`, `-3`… when several screens of one size need different images (other safe areas).
    public var id: String
    public var layout: String
    public var pixels: PixelSize
    public var orientation: Orientation
    public var appearance: Appearance
    public var idiom: Idiom
    /// The multitasking window, or `nil` for the full screen.
    public var window: MultitaskingWindow?
    /// The BCP 47 tag of the language whose text it shows; `nil` when every language the layout
    /// is drawn in gives the same image.
    public var locale: String?
    /// Every device whose screen gives this very SVG.
    public var devices: [String]
    /// The instantiated template.
    public var svg: String
    /// The template file the SVG came from; relative references resolve against it.
    public var templateFile: URL
}
