import LaunchScreenRepair

/// One distinct screen to render for: a pixel size with its point size and safe areas, and the
/// devices that have it. Devices with the same screen share every variant.
public struct Screen: Sendable, Hashable {
    public var idiom: Idiom
    /// Portrait pixel size.
    public var pixels: PixelSize
    /// Portrait point size.
    public var points: PointSize
    public var safeArea: SafeAreas
    /// Split View and Slide Over windows (iPads), in points.
    public var windows: DeviceWindows?
    /// Catalog ids of the devices with this screen, in catalog order.
    public var devices: [String]

    public func pixels(in orientation: Orientation) -> PixelSize {
        orientation == .portrait ? pixels : pixels.transposed
    }

    public func points(in orientation: Orientation) -> PointSize {
        orientation == .portrait ? points : PointSize(width: points.height, height: points.width)
    }

    /// The distinct screens of a catalog, in catalog order; a device whose native panel differs
    /// from points × scale gives two screens.
    public static func distinct(in catalog: DeviceCatalog) -> [Screen] {
        struct Key: Hashable {
            var idiom: Idiom, pixels: PixelSize, points: PointSize, safeArea: SafeAreas, windows: DeviceWindows?
        }
        var order: [Key] = []
        var devices: [Key: [String]] = [:]
        for device in catalog.devices {
            for pixels in device.pixelSizes {
                let key = Key(
                    idiom: device.idiom, pixels: pixels, points: device.points, safeArea: device.safeArea, windows: device.windows
                )
                if devices[key] == nil { order.append(key) }
                devices[key, default: []].append(device.id)
            }
        }
        return order.map {
            Screen(idiom: $0.idiom, pixels: $0.pixels, points: $0.points, safeArea: $0.safeArea, windows: $0.windows, devices: devices[$0]!)
        }
    }
}
