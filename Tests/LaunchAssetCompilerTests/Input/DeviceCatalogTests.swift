import Foundation
import LaunchScreenRepair
import TestSupport
import Testing

@testable import LaunchAssetCompiler

@Suite("The device catalog")
struct DeviceCatalogTests {
    // MARK: The built-in catalog

    /// The newest models, by their ids in `Resources/devices.json`, with their portrait pixel sizes.
    static let newest: [(id: String, idiom: Idiom, pixels: PixelSize)] = [
        ("iphone-17", .phone, PixelSize(width: 1206, height: 2622)),
        ("iphone-17-pro", .phone, PixelSize(width: 1206, height: 2622)),
        ("iphone-17-pro-max", .phone, PixelSize(width: 1320, height: 2868)),
        ("iphone-air", .phone, PixelSize(width: 1260, height: 2736)),
        ("iphone-16e", .phone, PixelSize(width: 1170, height: 2532)),
        ("ipad-pro-11-m4", .pad, PixelSize(width: 1668, height: 2420)),
        ("ipad-pro-13-m4", .pad, PixelSize(width: 2064, height: 2752)),
        ("ipad-air-11-m2", .pad, PixelSize(width: 1640, height: 2360)),
        ("ipad-air-13-m2", .pad, PixelSize(width: 2048, height: 2732)),
        ("ipad-air-11-m3", .pad, PixelSize(width: 1640, height: 2360)),
        ("ipad-air-13-m3", .pad, PixelSize(width: 2048, height: 2732)),
        ("ipad-mini-a17-pro", .pad, PixelSize(width: 1488, height: 2266)),
        ("ipad-a16", .pad, PixelSize(width: 1640, height: 2360)),
    ]

    @Test func builtInCatalogIncludesTheNewestModels() throws {
        let catalog = try DeviceCatalog.builtIn()
        let byID = Dictionary(catalog.devices.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for model in Self.newest {
            let device = try #require(byID[model.id], "\(model.id) is missing from the built-in catalog")
            #expect(device.idiom == model.idiom, "\(model.id)")
            #expect(device.pixelSizes == [model.pixels], "\(model.id)")
        }
    }

    @Test func builtInCatalogHasUniqueIDsAndSaneScreens() throws {
        let devices = try DeviceCatalog.builtIn().devices
        #expect(devices.count > 60)
        #expect(Set(devices.map(\.id)).count == devices.count)
        for device in devices {
            #expect(device.points.width < device.points.height, "\(device.id) is given in portrait")
            #expect([2.0, 3.0].contains(device.scale), "\(device.id)")
            #expect(device.id.wholeMatch(of: /[a-z0-9]+(-[a-z0-9]+)*/) != nil, "\(device.id)")
            #expect(!device.name.isEmpty)
            for size in device.pixelSizes {
                #expect(size.width < size.height, "\(device.id)")
                #expect(max(size.width, size.height) <= DeviceCatalog.maximumSide)
            }
            for orientation in Orientation.allCases {
                let insets = device.safeArea[orientation]
                #expect([insets.top, insets.left, insets.bottom, insets.right].allSatisfy { $0 >= 0 }, "\(device.id)")
            }
        }
        #expect(devices.contains { $0.idiom == .phone })
        #expect(devices.contains { $0.idiom == .pad })
    }

    @Test func builtInDevicesHaveTheirHardwareModelIdentifiers() throws {
        let devices = try DeviceCatalog.builtIn().devices
        for device in devices {
            #expect(!device.models.isEmpty, "\(device.id) has no model identifier")
            for model in device.models {
                #expect(model.wholeMatch(of: /(iPhone|iPad|iPod)[0-9]+,[0-9]+/) != nil, "\(device.id): \(model)")
            }
        }
        let all = devices.flatMap(\.models)
        #expect(Set(all).count == all.count, "a model identifier names one device")
        let byID = Dictionary(devices.map { ($0.id, $0.models) }, uniquingKeysWith: { a, _ in a })
        #expect(byID["iphone-14-pro"] == ["iPhone15,2"])
        #expect(byID["iphone-17"] == ["iPhone18,3"])
        #expect(byID["iphone-air"] == ["iPhone18,4"])
        #expect(byID["iphone-16e"] == ["iPhone17,5"])
        #expect(byID["iphone-8-plus"]?.contains("iPhone10,2") == true)
    }

    @Test(arguments: [
        ("iphone-6s-plus", PixelSize(width: 1242, height: 2208), PixelSize(width: 1080, height: 1920)),
        ("iphone-7-plus", PixelSize(width: 1242, height: 2208), PixelSize(width: 1080, height: 1920)),
        ("iphone-8-plus", PixelSize(width: 1242, height: 2208), PixelSize(width: 1080, height: 1920)),
        ("iphone-12-mini", PixelSize(width: 1125, height: 2436), PixelSize(width: 1080, height: 2340)),
        ("iphone-13-mini", PixelSize(width: 1125, height: 2436), PixelSize(width: 1080, height: 2340)),
    ])
    func plusAndMiniPhonesHaveTwoPixelSizes(id: String, rendered: PixelSize, native: PixelSize) throws {
        let device = try #require(try DeviceCatalog.builtIn().devices.first { $0.id == id })
        #expect(device.nativePixels == native)
        #expect(device.renderPixels == rendered)
        #expect(device.pixelSizes == [rendered, native])
    }

    @Test func otherDevicesHaveOnePixelSize() throws {
        let devices = try DeviceCatalog.builtIn().devices
        let twoSizes = devices.filter { $0.pixelSizes.count == 2 }.map(\.id)
        #expect(Set(twoSizes) == ["iphone-6s-plus", "iphone-7-plus", "iphone-8-plus", "iphone-12-mini", "iphone-13-mini"])
        // A native size equal to points × scale adds nothing.
        let same = device("x", points: (20, 40), scale: 2, nativePixels: PixelSize(width: 40, height: 80))
        #expect(same.pixelSizes == [PixelSize(width: 40, height: 80)])
    }

    @Test func renderPixelsRoundPointsTimesScale() {
        #expect(device("a", points: (414, 736), scale: 3).renderPixels == PixelSize(width: 1242, height: 2208))
        #expect(device("b", points: (10.5, 20.25), scale: 2).renderPixels == PixelSize(width: 21, height: 41))
    }

    // MARK: --devices files

    private static let extra = """
        {
          "devices": [
            {
              "id": "iphone-14-pro",
              "name": "iPhone 14 Pro (custom)",
              "idiom": "phone",
              "points": { "width": 393, "height": 852 },
              "scale": 3,
              "safeArea": {
                "portrait":  { "top": 54, "left": 0, "bottom": 34, "right": 0 },
                "landscape": { "top": 0, "left": 54, "bottom": 21, "right": 54 }
              }
            },
            {
              "id": "iphone-fold",
              "name": "iPhone Fold",
              "idiom": "phone",
              "points": { "width": 500, "height": 700 },
              "scale": 3,
              "nativePixels": { "width": 1480, "height": 2080 },
              "safeArea": {
                "portrait":  { "top": 30, "left": 0, "bottom": 20, "right": 0 },
                "landscape": { "top": 0, "left": 30, "bottom": 20, "right": 30 }
              }
            }
          ]
        }
        """

    @Test func devicesFileOverridesByIDAndAddsNewDevices() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = try folder.write("devices.json", Self.extra)
        let builtIn = try DeviceCatalog.builtIn().devices
        let merged = try DeviceCatalog.builtIn(extendedWith: file).devices

        #expect(merged.count == builtIn.count + 1)
        // Replaced in place, keeping the catalog order.
        let index = try #require(builtIn.firstIndex { $0.id == "iphone-14-pro" })
        #expect(merged[index].id == "iphone-14-pro")
        #expect(merged[index].name == "iPhone 14 Pro (custom)")
        #expect(merged[index].safeArea.portrait.top == 54)
        #expect(merged.filter { $0.id == "iphone-14-pro" }.count == 1)
        // Added at the end.
        let added = try #require(merged.last)
        #expect(added.id == "iphone-fold")
        #expect(added.pixelSizes == [PixelSize(width: 1500, height: 2100), PixelSize(width: 1480, height: 2080)])
        // Everything else as it was.
        #expect(Array(merged.prefix(builtIn.count)).enumerated().allSatisfy { $0.offset == index || $0.element == builtIn[$0.offset] })
        // No file: the built-in catalog.
        #expect(try DeviceCatalog.builtIn(extendedWith: nil).devices == builtIn)
    }

    @Test func mergeReplacesAndAppends() {
        var catalog = DeviceCatalog(devices: [device("a"), device("b")])
        catalog.merge([device("b", scale: 3), device("c"), device("a", .pad)])
        #expect(catalog.devices.map(\.id) == ["a", "b", "c"])
        #expect(catalog.devices[0].idiom == .pad)
        #expect(catalog.devices[1].scale == 3)
    }

    /// A devices file with one device whose `replacement` text replaces the marked part.
    private static func file(
        points: String = "\"width\": 20, \"height\": 40", scale: String = "2", extra: String = "", portraitTop: String = "0",
        secondID: String = "b"
    ) -> String {
        """
        {
          "devices": [
            {
              "id": "a", "name": "A", "idiom": "phone",
              "points": { \(points) },
              "scale": \(scale),\(extra)
              "safeArea": {
                "portrait":  { "top": \(portraitTop), "left": 0, "bottom": 0, "right": 0 },
                "landscape": { "top": 0, "left": 0, "bottom": 0, "right": 0 }
              }
            },
            {
              "id": "\(secondID)", "name": "B", "idiom": "pad",
              "points": { "width": 30, "height": 40 },
              "scale": 2,
              "safeArea": {
                "portrait":  { "top": 0, "left": 0, "bottom": 0, "right": 0 },
                "landscape": { "top": 0, "left": 0, "bottom": 0, "right": 0 }
              }
            }
          ]
        }
        """
    }

    private func loadErrors(
        _ text: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (diagnostics: [Diagnostic], file: URL) {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = try folder.write("devices.json", text)
        let error = try #require(throws: CompilerError.self, sourceLocation: sourceLocation) {
            _ = try DeviceCatalog.builtIn(extendedWith: url)
        }
        return (error.diagnostics, url)
    }

    /// Checks the one diagnostic's file, JSON path and line:column (where `needle` starts).
    private func expectSingle(
        _ text: String, path: String, at needle: String, message: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let (diagnostics, url) = try loadErrors(text, sourceLocation: sourceLocation)
        #expect(diagnostics.count == 1, "\(diagnostics)", sourceLocation: sourceLocation)
        let diagnostic = try #require(diagnostics.first, sourceLocation: sourceLocation)
        let expected = place(of: needle, in: text)
        #expect(diagnostic.file == displayed(url), sourceLocation: sourceLocation)
        #expect(diagnostic.path == path, sourceLocation: sourceLocation)
        #expect(diagnostic.line == expected.line, sourceLocation: sourceLocation)
        #expect(diagnostic.column == expected.column, sourceLocation: sourceLocation)
        #expect(diagnostic.message.contains(message), "\(diagnostic.message)", sourceLocation: sourceLocation)
    }

    @Test func validFileLoads() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = try folder.write("devices.json", Self.file())
        let devices = try DeviceCatalog.load(url)
        #expect(devices.map(\.id) == ["a", "b"])
        #expect(devices[1].idiom == .pad)
        #expect(devices.allSatisfy { $0.models.isEmpty }, "models may be left out of a user's file")
    }

    @Test func sideOver8192PixelsIsAnError() throws {
        try expectSingle(
            Self.file(points: "\"width\": 3000, \"height\": 4097"), path: "devices[0]", at: "{\n      \"id\": \"a\"",
            message: "each side must be 1 to 8192 pixels"
        )
        // 8192 itself is fine.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = try folder.write("devices.json", Self.file(points: "\"width\": 3000, \"height\": 4096"))
        #expect(try DeviceCatalog.load(url).first?.renderPixels == PixelSize(width: 6000, height: 8192))
    }

    @Test func nativePixelsOver8192IsAnError() throws {
        try expectSingle(
            Self.file(extra: "\n      \"nativePixels\": { \"width\": 40, \"height\": 9000 },"), path: "devices[0].nativePixels",
            at: "{ \"width\": 40",
            message: "40x9000"
        )
    }

    @Test func zeroSizeIsAnError() throws {
        try expectSingle(
            Self.file(points: "\"width\": 0, \"height\": 40"), path: "devices[0]", at: "{\n      \"id\": \"a\"",
            message: "greater than zero"
        )
        try expectSingle(
            Self.file(scale: "0"), path: "devices[0]", at: "{\n      \"id\": \"a\"",
            message: "greater than zero"
        )
        try expectSingle(
            Self.file(extra: "\n      \"nativePixels\": { \"width\": 0, \"height\": 0 },"), path: "devices[0].nativePixels",
            at: "{ \"width\": 0, \"height\": 0 }",
            message: "0x0"
        )
    }

    @Test func astronomicalSizeIsAnErrorNotACrash() throws {
        try expectSingle(
            Self.file(points: "\"width\": 1e300, \"height\": 1e301"), path: "devices[0]", at: "{\n      \"id\": \"a\"",
            message: "each side must be 1 to 8192 pixels"
        )
    }

    @Test func unknownKeyIsPlacedAtTheKey() throws {
        let text = Self.file(extra: "\n      \"nativePixel\": { \"width\": 40, \"height\": 80 },")
        try expectSingle(text, path: "devices[0].nativePixel", at: "\"nativePixel\"", message: "unknown key \"nativePixel\"")
    }

    @Test func landscapePointSizeIsAnError() throws {
        try expectSingle(
            Self.file(points: "\"width\": 40, \"height\": 20"), path: "devices[0].points", at: "{ \"width\": 40",
            message: "portrait"
        )
    }

    @Test func negativeInsetIsAnError() throws {
        try expectSingle(
            Self.file(portraitTop: "-1"), path: "devices[0].safeArea.portrait", at: "{ \"top\": -1",
            message: "must not be negative"
        )
    }

    @Test func duplicateIDIsAnError() throws {
        let text = Self.file(secondID: "a")
        try expectSingle(text, path: "devices[1].id", at: "\"a\", \"name\": \"B\"", message: "duplicate device id \"a\"")
    }

    @Test func wrongTypeIsPlaced() throws {
        try expectSingle(Self.file(scale: "\"three\""), path: "devices[0].scale", at: "\"three\"", message: "expected a number")
    }

    @Test func severalErrorsAreReportedTogether() throws {
        let (diagnostics, url) = try loadErrors(Self.file(points: "\"width\": 0, \"height\": 40", portraitTop: "-1", secondID: "a"))
        #expect(Set(diagnostics.compactMap(\.path)) == ["devices[0]", "devices[0].safeArea.portrait", "devices[1].id"], "\(diagnostics)")
        #expect(diagnostics.allSatisfy { $0.file == displayed(url) && $0.line != nil && $0.column != nil })
    }

    @Test func syntaxErrorAndMissingFileNameTheFile() throws {
        let (diagnostics, url) = try loadErrors("{\n  \"devices\": [\n}")
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.file == displayed(url))
        #expect(diagnostics.first?.line == 3)

        let missing = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/devices.json")
        let error = try #require(throws: CompilerError.self) { _ = try DeviceCatalog.builtIn(extendedWith: missing) }
        #expect(error.diagnostics.first?.file == missing.path)
    }
}
