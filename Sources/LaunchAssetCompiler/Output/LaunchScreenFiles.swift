import Foundation
import LaunchAssetSources
import LaunchScreenRepair

/// The launch screen of ``LaunchScreenDesign`` as an app adds it: `LaunchScreen.storyboard`, and
/// in `<Type>.xcassets` the named colour `<Type>Background` and the image set `<Type>Logo`
/// (light and dark, 1× to 3×). Everything but the logo's pixels is known without rendering, so
/// `render --check` compares those files as they are.
///
/// The files follow Apple's Asset Catalog Format Reference ("Color Set Type", "Image Set Type")
/// and the storyboard document Xcode writes for a launch screen.
public struct LaunchScreenFiles: Sendable {
    /// One PNG of the logo image set.
    public struct LogoImage: Sendable, Hashable {
        public var appearance: Appearance
        public var scale: Int
        public var pixels: PixelSize
        /// The logo template instantiated with the layout's palette for `appearance`.
        public var svg: String
        /// Its file name in the image set.
        public var fileName: String { "logo-\(appearance.rawValue)@\(scale)x.png" }
    }

    public var typeName: String
    public var design: LaunchScreenDesign
    public var colors: LaunchScreenColors
    public var logos: [LogoImage]
    /// The logo template's file, which relative references resolve against.
    public var logoFile: URL

    /// The named colour's name, as the storyboard and `UILaunchScreen` give it.
    public var colorName: String { "\(typeName)Background" }
    /// The image set's name.
    public var imageName: String { "\(typeName)Logo" }

    /// The launch screen of the plan's fallback layout, or `nil` when it describes none.
    /// Instantiates the logo for each appearance and scale; renders nothing.
    public init?(plan: Plan, typeName: String) throws(CompilerError) {
        let templates = plan.templates
        guard let layout = plan.layouts.first(where: \.isFallback), let design = layout.launchScreen,
            let colors = design.colors(in: layout)
        else { return nil }
        self.typeName = typeName
        self.design = design
        self.colors = colors
        self.logoFile = templates.url(ofTemplate: design.logo)
        let frame = design.logoFrame
        let policy = SVGReferencePolicy(templates: templates.directory)
        var logos: [LogoImage] = []
        for appearance in Appearance.allCases {
            for scale in LaunchScreenDesign.scales {
                let pixels = PixelSize(width: Int(frame.width) * scale, height: Int(frame.height) * scale)
                let canvas = Canvas(
                    idiom: .phone, orientation: pixels.width > pixels.height ? .landscape : .portrait, pixels: pixels,
                    points: PointSize(width: frame.width, height: frame.height), safeArea: EdgeInsets(top: 0, left: 0, bottom: 0, right: 0),
                    window: nil)
                guard
                    let instance = templates.instantiate(
                        design.logo, with: TemplateContext(layout: layout, canvas: canvas, appearance: appearance))
                else { throw CompilerError(layout.diagnostic(at: "launchScreen.logo", .notInstantiated(design.logo))) }
                let svg = """
                    <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" \
                    width="\(pixels.width)" height="\(pixels.height)" viewBox="\(frame.viewBox)">
                    \(instance)
                    </svg>

                    """
                if let violation = policy.violations(in: svg).first {
                    throw CompilerError(
                        Diagnostic.refusedMarkup(violation.message).placed(
                            file: logoFile.relativePathForDisplay,
                            path: "launch screen logo, instantiated line \(violation.line):\(violation.column)"))
                }
                logos.append(LogoImage(appearance: appearance, scale: scale, pixels: pixels, svg: svg))
            }
        }
        self.logos = logos
    }

    // MARK: - Files

    /// Every file, the logo rendered by `renderer`: the storyboard at `storyboard`, the colour
    /// and image sets inside `catalog` (the `<Type>.xcassets` folder).
    public func files(storyboard: URL, catalog: URL, renderer: SVGRenderer) throws(CompilerError) -> [URL: FileContents] {
        var files = describedFiles(storyboard: storyboard, catalog: catalog).mapValues { FileContents.bytes($0) }
        for logo in logos {
            do {
                let png = try renderer.png(
                    logo.svg, width: logo.pixels.width, height: logo.pixels.height, baseFile: logoFile, opaque: false)
                files[imageSet(in: catalog).appendingPathComponent(logo.fileName)] = .bytes(png)
            } catch {
                throw CompilerError(
                    Diagnostic.logoNotDrawn(reason: "\(error)").placed(
                        file: logoFile.relativePathForDisplay, path: "launch screen logo \(logo.fileName)"))
            }
        }
        return files
    }

    /// The files known without rendering: the storyboard and the two `Contents.json`.
    public func describedFiles(storyboard: URL, catalog: URL) -> [URL: Data] {
        [
            storyboard: Data(storyboardText.utf8),
            catalog.appendingPathComponent("\(colorName).colorset/Contents.json"): colorSetJSON,
            imageSet(in: catalog).appendingPathComponent("Contents.json"): imageSetJSON,
        ]
    }

    /// The logo PNGs' paths and pixel sizes.
    public func logoFiles(catalog: URL) -> [(url: URL, pixels: PixelSize)] {
        logos.map { (imageSet(in: catalog).appendingPathComponent($0.fileName), $0.pixels) }
    }

    private func imageSet(in catalog: URL) -> URL {
        catalog.appendingPathComponent("\(imageName).imageset")
    }

    // MARK: - Asset catalog

    private var colorSetJSON: Data {
        func entry(_ color: LaunchScreenColors.Color, dark: Bool) -> CatalogJSON.ColorEntry {
            var components = ["alpha": "1.000"]
            for (name, value) in [("red", color.red), ("green", color.green), ("blue", color.blue)] {
                components[name] = String(format: "0x%02X", value)
            }
            return CatalogJSON.ColorEntry(appearances: dark ? [.dark] : nil, color: .init(components: components))
        }
        return CatalogJSON(colors: [entry(colors.light, dark: false), entry(colors.dark, dark: true)]).data
    }

    private var imageSetJSON: Data {
        let images = logos.map { logo in
            CatalogJSON.ImageEntry(appearances: logo.appearance == .dark ? [.dark] : nil, filename: logo.fileName, scale: "\(logo.scale)x")
        }
        return CatalogJSON(images: images).data
    }

    /// A colour set's or image set's `Contents.json`.
    private struct CatalogJSON: Encodable {
        struct Info: Encodable {
            var author = "launch-assets"
            var version = 1
        }

        struct Appearance: Encodable {
            var appearance = "luminosity"
            var value: String
            static let dark = Appearance(value: "dark")
        }

        struct ColorEntry: Encodable {
            struct Color: Encodable {
                var colorSpace = "srgb"
                var components: [String: String]
                enum CodingKeys: String, CodingKey {
                    case colorSpace = "color-space"
                    case components
                }
            }

            var appearances: [Appearance]?
            var color: Color
            var idiom = "universal"
        }

        struct ImageEntry: Encodable {
            var appearances: [Appearance]?
            var filename: String
            var idiom = "universal"
            var scale: String
        }

        var colors: [ColorEntry]?
        var images: [ImageEntry]?
        var info = Info()

        var data: Data {
            PrettyJSON.data(self)
        }
    }

    // MARK: - Storyboard

    /// The storyboard: a view of the named colour, and an image view of the logo at its size in
    /// points, centred on the safe area with the frame's offset. Identifiers are fixed, so the
    /// same design gives the same bytes. The frames are those of a 393 × 852 point iPhone, as
    /// Interface Builder shows it; the constraints decide the layout on every device.
    public var storyboardText: String {
        let frame = design.logoFrame
        let number = svgNumber
        let (top, bottom, width, height) = (59.0, 34.0, 393.0, 852.0)
        let centerX = frame.x + frame.width / 2
        let centerY = frame.y + frame.height / 2
        let imageX = width / 2 + frame.x
        let imageY = top + (height - top - bottom) / 2 + frame.y
        func component(_ value: UInt8) -> String { String(format: "%.6f", Double(value) / 255) }
        let light = colors.light
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- Generated by \(GeneratorVersion.manifestName) from the fallback layout's "launchScreen". Do not edit: edit the layout, then render again. -->
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="23504" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" launchScreen="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="LAs-vc-ctl">
                <device id="retina6_12" orientation="portrait" appearance="light"/>
                <dependencies>
                    <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="23506"/>
                    <capability name="Named colors" minToolsVersion="9.0"/>
                    <capability name="Safe area layout guides" minToolsVersion="9.0"/>
                    <capability name="documents saved in the Xcode 8 format" minToolsVersion="8.0"/>
                </dependencies>
                <scenes>
                    <!--Launch Screen-->
                    <scene sceneID="LAs-sc-scn">
                        <objects>
                            <viewController id="LAs-vc-ctl" sceneMemberID="viewController">
                                <view key="view" contentMode="scaleToFill" id="LAs-vw-bgd">
                                    <rect key="frame" x="0.0" y="0.0" width="\(number(width))" height="\(number(height))"/>
                                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                    <subviews>
                                        <imageView clipsSubviews="YES" userInteractionEnabled="NO" contentMode="scaleAspectFit" image="\(imageName)" translatesAutoresizingMaskIntoConstraints="NO" id="LAs-iv-lgo">
                                            <rect key="frame" x="\(number(imageX))" y="\(number(imageY))" width="\(number(frame.width))" height="\(number(frame.height))"/>
                                            <constraints>
                                                <constraint firstAttribute="width" constant="\(number(frame.width))" id="LAs-cw-lgo"/>
                                                <constraint firstAttribute="height" constant="\(number(frame.height))" id="LAs-ch-lgo"/>
                                            </constraints>
                                        </imageView>
                                    </subviews>
                                    <viewLayoutGuide key="safeArea" id="LAs-sa-gde"/>
                                    <color key="backgroundColor" name="\(colorName)"/>
                                    <constraints>
                                        <constraint firstItem="LAs-iv-lgo" firstAttribute="centerX" secondItem="LAs-sa-gde" secondAttribute="centerX" constant="\(number(centerX))" id="LAs-cx-lgo"/>
                                        <constraint firstItem="LAs-iv-lgo" firstAttribute="centerY" secondItem="LAs-sa-gde" secondAttribute="centerY" constant="\(number(centerY))" id="LAs-cy-lgo"/>
                                    </constraints>
                                </view>
                            </viewController>
                            <placeholder placeholderIdentifier="IBFirstResponder" id="LAs-fr-plc" userLabel="First Responder" sceneMemberID="firstResponder"/>
                        </objects>
                        <point key="canvasLocation" x="0.0" y="0.0"/>
                    </scene>
                </scenes>
                <resources>
                    <image name="\(imageName)" width="\(number(frame.width))" height="\(number(frame.height))"/>
                    <namedColor name="\(colorName)">
                        <color red="\(component(light.red))" green="\(component(light.green))" blue="\(component(light.blue))" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                    </namedColor>
                </resources>
            </document>

            """
    }

    // MARK: - Info.plist

    /// The `UILaunchScreen` entry (iOS 14 and later) that shows the same colour and logo
    /// without a storyboard, as Info.plist XML. It centres the logo on the safe area; a frame
    /// off centre is kept only by the storyboard.
    public var infoPlistEntry: String {
        """
        <key>UILaunchScreen</key>
        <dict>
            <key>UIColorName</key>
            <string>\(colorName)</string>
            <key>UIImageName</key>
            <string>\(imageName)</string>
            <key>UIImageRespectsSafeAreaInsets</key>
            <true/>
        </dict>
        """
    }

    /// Whether ``infoPlistEntry`` places the logo where the storyboard does.
    public var infoPlistIsExact: Bool {
        design.logoFrame.x + design.logoFrame.width / 2 == 0 && design.logoFrame.y + design.logoFrame.height / 2 == 0
    }
}
