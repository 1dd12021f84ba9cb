import Foundation

extension DeviceCatalog {
    /// Catalog id → name of each device among `ids` (the devices a render's variants name), for
    /// a gallery's labels and filters: the one place device names are looked up.
    package func names(of ids: some Sequence<String>) -> [String: String] {
        let named = Set(ids)
        return Dictionary(
            devices.filter { named.contains($0.id) }.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    }

    /// The catalog as `launch-assets devices` prints it: a row per device (id, name, idiom,
    /// points, scale, pixels, safe areas) under a header, in columns, and a count.
    package var table: [String] {
        let header = ["ID", "NAME", "IDIOM", "POINTS", "SCALE", "PIXELS", "SAFE AREA PORTRAIT", "SAFE AREA LANDSCAPE"]
        let rows = devices.map { device in
            [
                device.id,
                device.name,
                device.idiom.rawValue,
                "\(Self.listed(device.points.width))x\(Self.listed(device.points.height))",
                "@\(Self.listed(device.scale))x",
                device.pixelSizes.map(\.description).joined(separator: ", "),
                Self.insets(device.safeArea.portrait),
                Self.insets(device.safeArea.landscape),
            ]
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max()! }
        let lines = ([header] + rows).map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }
        return lines + ["\(devices.count) devices, \(Screen.distinct(in: self).count) distinct screens"]
    }

    /// The catalog as JSON in the shape `--devices` reads (`{"devices": [...]}`), so it can be
    /// copied and edited.
    package var json: String {
        struct Document: Encodable { var devices: [Device] }
        return PrettyJSON.text(Document(devices: devices))
    }

    private static func insets(_ insets: EdgeInsets) -> String {
        "t\(listed(insets.top)) l\(listed(insets.left)) b\(listed(insets.bottom)) r\(listed(insets.right))"
    }

    /// `390`, `2.88`: as the catalog's JSON writes it.
    private static func listed(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
