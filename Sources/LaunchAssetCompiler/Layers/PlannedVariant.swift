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

/// A screen a layout is drawn for: what the variants of one screen in its different languages
/// have in common. Its variants are encoded together (`ScreenLanguages`) and stay together in
/// a shard.
struct VariantScreen: Hashable {
    var layout: String
    var idiom: Idiom
    var window: MultitaskingWindow?
    var width: Int
    var height: Int
    var orientation: Orientation
    var appearance: Appearance
    var devices: [String]
}

extension PlannedVariant {
    var screen: VariantScreen {
        VariantScreen(
            layout: layout, idiom: idiom, window: window, width: pixels.width, height: pixels.height, orientation: orientation,
            appearance: appearance, devices: devices)
    }

    /// The indices of `variants` by screen: the screens in the order they first appear, each
    /// with its variants in order.
    static func screens(of variants: [PlannedVariant]) -> [[Int]] {
        var screens: [[Int]] = []
        var position: [VariantScreen: Int] = [:]
        for (index, variant) in variants.enumerated() {
            if let known = position[variant.screen] {
                screens[known].append(index)
            } else {
                position[variant.screen] = screens.count
                screens.append([index])
            }
        }
        return screens
    }
}

extension LaunchManifest.Variant {
    var screen: VariantScreen {
        VariantScreen(
            layout: layout, idiom: idiom, window: window, width: width, height: height, orientation: orientation,
            appearance: appearance, devices: devices)
    }
}
