import ArgumentParser
import Foundation
import LaunchAssetCompiler

/// `launch-assets devices`: the device catalog the generator renders for.
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "Print the device catalog (built in, plus --devices).",
        discussion: "With --json the output has the shape --devices accepts, so it can be copied and edited."
    )

    @Option(help: ArgumentHelp("A devices file that adds to or overrides the built-in catalog (by id).", valueName: "file"))
    var devices: String?

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    func run() throws {
        let catalog = try DeviceCatalog.builtIn(extendedWith: devices.map { URL(fileURLWithPath: $0) })
        if json {
            struct Document: Encodable { var devices: [Device] }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(Document(devices: catalog.devices)), as: UTF8.self))
            return
        }
        let header = ["ID", "NAME", "IDIOM", "POINTS", "SCALE", "PIXELS", "SAFE AREA PORTRAIT", "SAFE AREA LANDSCAPE"]
        let rows = catalog.devices.map { device in
            [
                device.id,
                device.name,
                device.idiom.rawValue,
                "\(number(device.points.width))x\(number(device.points.height))",
                "@\(number(device.scale))x",
                device.pixelSizes.map(\.description).joined(separator: ", "),
                insets(device.safeArea.portrait),
                insets(device.safeArea.landscape),
            ]
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max()! }
        for row in [header] + rows {
            let cells = row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }
            print(cells.joined(separator: "  "))
        }
        print("\(catalog.devices.count) devices, \(Screen.distinct(in: catalog).count) distinct screens")
    }

    private func insets(_ insets: EdgeInsets) -> String {
        "t\(number(insets.top)) l\(number(insets.left)) b\(number(insets.bottom)) r\(number(insets.right))"
    }

    private func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
