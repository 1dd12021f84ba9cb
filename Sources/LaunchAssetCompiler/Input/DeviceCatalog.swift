import Foundation
import LaunchScreenRepair

/// One iPhone, iPod touch or iPad model, as the catalog describes its screen.
public struct Device: Codable, Sendable, Hashable, Identifiable {
    /// Stable kebab-case identifier, e.g. `iphone-14-pro`.
    public var id: String
    public var name: String
    /// Hardware model identifiers (`utsname.machine`, e.g. `iPhone15,2`), so the runtime can
    /// tell which device it runs on.
    public var models: [String]
    public var idiom: Idiom
    /// The screen in UIKit points, portrait (width < height).
    public var points: PointSize
    /// UIKit's `UIScreen.scale`.
    public var scale: Double
    /// The panel's pixel size, portrait, where it differs from points × scale (Plus and mini phones).
    public var nativePixels: PixelSize?
    /// Safe-area insets in points, per orientation.
    public var safeArea: SafeAreas
    /// The iPad's Split View and Slide Over window sizes, rendered for layouts with `multitasking`.
    public var windows: DeviceWindows?

    public init(
        id: String, name: String, models: [String] = [], idiom: Idiom, points: PointSize, scale: Double, nativePixels: PixelSize? = nil,
        safeArea: SafeAreas, windows: DeviceWindows? = nil
    ) {
        self.id = id
        self.name = name
        self.models = models
        self.idiom = idiom
        self.points = points
        self.scale = scale
        self.nativePixels = nativePixels
        self.safeArea = safeArea
        self.windows = windows
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, models, idiom, points, scale, nativePixels, safeArea, windows
    }

    /// Decodes a catalog entry; `models` may be omitted in a user's devices file.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        models = try container.decodeIfPresent([String].self, forKey: .models) ?? []
        idiom = try container.decode(Idiom.self, forKey: .idiom)
        points = try container.decode(PointSize.self, forKey: .points)
        scale = try container.decode(Double.self, forKey: .scale)
        nativePixels = try container.decodeIfPresent(PixelSize.self, forKey: .nativePixels)
        safeArea = try container.decode(SafeAreas.self, forKey: .safeArea)
        windows = try container.decodeIfPresent(DeviceWindows.self, forKey: .windows)
    }

    /// The pixel size UIKit renders at: points × scale, portrait.
    public var renderPixels: PixelSize {
        PixelSize(width: Int((points.width * scale).rounded()), height: Int((points.height * scale).rounded()))
    }

    /// Every portrait pixel size a snapshot of this device may have: the rendered size and,
    /// where it differs, the native panel size.
    public var pixelSizes: [PixelSize] {
        [renderPixels] + [nativePixels].compactMap { $0 }.filter { $0 != renderPixels }
    }
}

/// A size in UIKit points.
public struct PointSize: Codable, Sendable, Hashable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// A size in pixels.
public struct PixelSize: Codable, Sendable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The same size with width and height swapped.
    public var transposed: PixelSize { PixelSize(width: height, height: width) }

    public var description: String { "\(width)x\(height)" }
}

/// Insets from each edge, in points.
public struct EdgeInsets: Codable, Sendable, Hashable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
}

/// A device's safe-area insets in each orientation.
public struct SafeAreas: Codable, Sendable, Hashable {
    public var portrait: EdgeInsets
    public var landscape: EdgeInsets

    public init(portrait: EdgeInsets, landscape: EdgeInsets) {
        self.portrait = portrait
        self.landscape = landscape
    }

    public subscript(orientation: Orientation) -> EdgeInsets {
        orientation == .portrait ? portrait : landscape
    }
}

/// An iPad's multitasking windows in each orientation, in the order they are rendered.
public struct DeviceWindows: Codable, Sendable, Hashable {
    public var portrait: [DeviceWindow]
    public var landscape: [DeviceWindow]

    public init(portrait: [DeviceWindow], landscape: [DeviceWindow]) {
        self.portrait = portrait
        self.landscape = landscape
    }

    public subscript(orientation: Orientation) -> [DeviceWindow] {
        orientation == .portrait ? portrait : landscape
    }
}

/// One multitasking window in one orientation of the device, in points.
public struct DeviceWindow: Codable, Sendable, Hashable {
    public var window: MultitaskingWindow
    public var width: Double
    /// The window's height where it is shorter than the screen (Slide Over); Split View windows
    /// leave it out and have the screen's height.
    public var height: Double?

    public init(_ window: MultitaskingWindow, width: Double, height: Double? = nil) {
        self.window = window
        self.width = width
        self.height = height
    }
}

/// Every device the generator renders for: the built-in catalog, optionally extended or
/// overridden (by `id`) from a user file of the same shape.
public struct DeviceCatalog: Sendable {
    /// The largest screen side the generator renders, in pixels.
    public static let maximumSide = 8192

    public private(set) var devices: [Device]

    public init(devices: [Device]) {
        self.devices = devices
    }

    /// The catalog that ships with the generator.
    public static func builtIn() throws(CompilerError) -> DeviceCatalog {
        guard let url = Bundle.module.url(forResource: "devices", withExtension: "json") else {
            throw CompilerError(.builtInCatalogMissing)
        }
        return DeviceCatalog(devices: try load(url))
    }

    /// The built-in catalog with the devices of `file` added, replacing those with the same `id`.
    public static func builtIn(extendedWith file: URL?) throws(CompilerError) -> DeviceCatalog {
        var catalog = try builtIn()
        if let file { catalog.merge(try load(file)) }
        return catalog
    }

    /// Adds `extra` devices; one with an existing `id` replaces it in place.
    public mutating func merge(_ extra: [Device]) {
        for device in extra {
            if let index = devices.firstIndex(where: { $0.id == device.id }) {
                devices[index] = device
            } else {
                devices.append(device)
            }
        }
    }

    /// Keys allowed at each object path of a devices file; anything else is a typo worth an error.
    static let allowedKeys: [String: Set<String>] = [
        "": ["devices"],
        "devices[]": ["id", "name", "models", "idiom", "points", "scale", "nativePixels", "safeArea", "windows"],
        "devices[].points": ["width", "height"],
        "devices[].nativePixels": ["width", "height"],
        "devices[].safeArea": ["portrait", "landscape"],
        "devices[].safeArea.portrait": ["top", "left", "bottom", "right"],
        "devices[].safeArea.landscape": ["top", "left", "bottom", "right"],
        "devices[].windows": ["portrait", "landscape"],
        "devices[].windows.portrait[]": ["window", "width", "height"],
        "devices[].windows.landscape[]": ["window", "width", "height"],
    ]

    private static func number(_ value: Double) -> String {
        value.isFinite && abs(value) < 1e15 ? svgNumber(value) : "\(value)"
    }

    /// Reads and checks a catalog file (`{"devices": [...]}`).
    static func load(_ url: URL) throws(CompilerError) -> [Device] {
        struct Document: Decodable { var devices: [Device] }
        let input = try JSONInputFile(contentsOf: url, kind: "devices file")
        let devices = try input.decode(Document.self, allowedKeys: allowedKeys).devices
        let diagnostic = input.diagnostic(at:_:)
        var errors: [Diagnostic] = []
        var seen: Set<String> = []
        for (index, device) in devices.enumerated() {
            let path = "devices[\(index)]"
            if !seen.insert(device.id).inserted {
                errors.append(diagnostic("\(path).id", .duplicateDeviceID(device.id)))
            }
            let side = Double(maximumSide)
            let rendered = [device.points.width * device.scale, device.points.height * device.scale]
            if device.points.width <= 0 || device.points.height <= 0 || device.scale <= 0 {
                errors.append(diagnostic(path, .nonPositiveScreen))
            } else if rendered.contains(where: { !($0 >= 1 && $0 <= side) }) {
                errors.append(diagnostic(path, .screenOutOfRange("\(number(rendered[0]))x\(number(rendered[1]))", maximum: maximumSide)))
            } else if device.points.width > device.points.height {
                errors.append(diagnostic("\(path).points", .landscapePoints))
            }
            if let native = device.nativePixels, !(1...maximumSide).contains(native.width) || !(1...maximumSide).contains(native.height) {
                errors.append(diagnostic("\(path).nativePixels", .screenOutOfRange("\(native)", maximum: maximumSide)))
            }
            for orientation in Orientation.allCases {
                let insets = device.safeArea[orientation]
                if [insets.top, insets.left, insets.bottom, insets.right].contains(where: { $0 < 0 }) {
                    errors.append(diagnostic("\(path).safeArea.\(orientation.rawValue)", .negativeInsets))
                }
            }
            if let windows = device.windows {
                errors += windowErrors(windows, of: device, at: "\(path).windows", diagnostic)
            }
        }
        guard errors.isEmpty else { throw CompilerError(errors) }
        return devices
    }

    /// Windows belong to iPads, fit inside the screen, and each kind appears once per orientation.
    private static func windowErrors(
        _ windows: DeviceWindows, of device: Device, at path: String, _ diagnostic: (String, Diagnostic) -> Diagnostic
    ) -> [Diagnostic] {
        guard device.idiom == .pad else { return [diagnostic(path, .windowsOnPhone)] }
        var errors: [Diagnostic] = []
        for orientation in Orientation.allCases {
            let screen = orientation == .portrait ? device.points : PointSize(width: device.points.height, height: device.points.width)
            var seen: Set<MultitaskingWindow> = []
            for (index, window) in windows[orientation].enumerated() {
                let place = "\(path).\(orientation.rawValue)[\(index)]"
                if !seen.insert(window.window).inserted {
                    errors.append(diagnostic("\(place).window", .windowTwice(window.window.rawValue, in: orientation.rawValue)))
                }
                let side = "the \(orientation.rawValue) screen's"
                if !(window.width > 0 && window.width < screen.width) {
                    let limit = "\(side) \(number(screen.width)) points"
                    errors.append(diagnostic("\(place).width", .windowSideOutOfRange(number(window.width), limit: limit, inclusive: false)))
                }
                if let height = window.height, !(height > 0 && height <= screen.height) {
                    let limit = "\(side) \(number(screen.height)) points"
                    errors.append(diagnostic("\(place).height", .windowSideOutOfRange(number(height), limit: limit, inclusive: true)))
                }
            }
        }
        return errors
    }
}
