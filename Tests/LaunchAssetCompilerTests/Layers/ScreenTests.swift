import Foundation
import LaunchScreenRepair
import Testing

@testable import LaunchAssetCompiler

@Suite("Screens: the distinct sizes of the devices")
struct ScreenTests {
    @Test func devicesWithIdenticalScreensShareOne() {
        let notch = insets(47, 0, 34, 0)
        let notchLandscape = insets(0, 47, 21, 47)
        let result = screens([
            device("iphone-13", points: (390, 844), scale: 3, portrait: notch, landscape: notchLandscape),
            device("iphone-se", points: (375, 667), scale: 2, portrait: insets(20)),
            device("iphone-14", points: (390, 844), scale: 3, portrait: notch, landscape: notchLandscape),
            device("iphone-16e", points: (390, 844), scale: 3, portrait: notch, landscape: notchLandscape),
        ])
        #expect(result.count == 2)
        #expect(result.map(\.devices) == [["iphone-13", "iphone-14", "iphone-16e"], ["iphone-se"]])
        #expect(result[0].pixels == PixelSize(width: 1170, height: 2532))
        #expect(result[0].points == PointSize(width: 390, height: 844))
        #expect(result[0].safeArea.portrait == notch)
        #expect(result[0].idiom == .phone)
    }

    @Test func sameSizeWithOtherSafeAreasOrIdiomIsAnotherScreen() {
        let result = screens([
            device("a", points: (390, 844), scale: 3, portrait: insets(47, 0, 34, 0)),
            device("b", points: (390, 844), scale: 3, portrait: insets(50, 0, 34, 0)),
            device("c", .pad, points: (390, 844), scale: 3, portrait: insets(47, 0, 34, 0)),
        ])
        #expect(result.map(\.devices) == [["a"], ["b"], ["c"]])
        #expect(Set(result.map(\.pixels)).count == 1)
    }

    @Test func plusPhoneGivesTwoScreens() {
        let result = screens([
            device("iphone-8-plus", points: (414, 736), scale: 3, nativePixels: PixelSize(width: 1080, height: 1920), portrait: insets(20)),
            device("iphone-7-plus", points: (414, 736), scale: 3, nativePixels: PixelSize(width: 1080, height: 1920), portrait: insets(20)),
        ])
        #expect(result.map(\.pixels) == [PixelSize(width: 1242, height: 2208), PixelSize(width: 1080, height: 1920)])
        #expect(result.allSatisfy { $0.devices == ["iphone-8-plus", "iphone-7-plus"] })
        #expect(result.allSatisfy { $0.points == PointSize(width: 414, height: 736) })
    }

    @Test func builtInCatalogScreens() throws {
        let catalog = try DeviceCatalog.builtIn()
        let result = Screen.distinct(in: catalog)
        // Every device is on at least one screen; each appears once per pixel size.
        for device in catalog.devices {
            #expect(result.filter { $0.devices.contains(device.id) }.map(\.pixels) == device.pixelSizes, "\(device.id)")
        }
        #expect(result.count < catalog.devices.count)
        let plus = result.filter { $0.devices.contains("iphone-8-plus") }
        #expect(plus.count == 2)
        let modern = try #require(result.first { $0.devices.contains("iphone-14") })
        #expect(modern.devices.contains("iphone-13"))
        #expect(modern.devices.contains("iphone-16e"))
    }

    @Test func landscapeTransposesPixelsAndPoints() {
        let screen = screens([device("a", points: (393, 852), scale: 3, portrait: insets(59, 0, 34, 0), landscape: insets(0, 59, 21, 59))])[
            0]
        #expect(screen.pixels(in: .portrait) == PixelSize(width: 1179, height: 2556))
        #expect(screen.pixels(in: .landscape) == PixelSize(width: 2556, height: 1179))
        #expect(screen.points(in: .portrait) == PointSize(width: 393, height: 852))
        #expect(screen.points(in: .landscape) == PointSize(width: 852, height: 393))
        #expect(screen.safeArea[.landscape] == insets(0, 59, 21, 59))
        #expect(PixelSize(width: 3, height: 5).transposed == PixelSize(width: 5, height: 3))
        #expect(PixelSize(width: 1179, height: 2556).description == "1179x2556")
    }
}
