import Foundation
import LaunchScreenRepair
import TestSupport
import Testing

@testable import LaunchAssetCompiler

/// `multitasking: true`: the iPads' Split View and Slide Over window sizes as extra variants.
@Suite("Split View and Slide Over window sizes as variants")
struct MultitaskingTests {
    /// Window variants of one device in one appearance, as `<window> <width>x<height> <orientation>`.
    private func windows(of device: String, in variants: [PlannedVariant], appearance: Appearance = .light) -> [String] {
        variants.filter { $0.window != nil && $0.devices.contains(device) && $0.appearance == appearance }
            .map { "\($0.window!.rawValue) \($0.pixels) \($0.orientation.rawValue)" }
    }

    /// What a plan puts in the manifest and renders (each plan has its own temporary templates folder).
    private func outcome(_ variants: [PlannedVariant]) -> [String] {
        variants.map { "\($0.id) \($0.window?.rawValue ?? "-") \($0.devices) \($0.svg)" }
    }

    private func builtInPlan(multitasking: Bool?, template: String = "plain.svg") throws -> [PlannedVariant] {
        let layout = layoutJSON(id: "x", template: template, idioms: ["pad"], multitasking: multitasking)
        let fixture = try PlannerFixture(layouts: ["x.json": layout])
        defer { fixture.remove() }
        return try fixture.plan(try DeviceCatalog.builtIn().devices)
    }

    @Test func builtInIPadsGetTheirSplitViewAndSlideOverSizes() throws {
        let variants = try builtInPlan(multitasking: true)
        // 12.9-inch iPad Pro (3rd generation): 1024 × 1366 pt at 2×.
        #expect(
            Set(windows(of: "ipad-pro-12-9-3", in: variants)) == [
                "splitView-2/3 1278x2732 portrait", "splitView-1/3 750x2732 portrait", "slideOver 750x2636 portrait",
                "splitView-2/3 1962x2048 portrait", "splitView-1/2 1356x2048 portrait", "splitView-1/3 750x2048 portrait",
                "slideOver 750x1952 portrait",
            ])
        // iPad Air (4th generation): 820 × 1180 pt at 2×.
        #expect(
            Set(windows(of: "ipad-air-4", in: variants)) == [
                "splitView-2/3 980x2360 portrait", "splitView-1/3 640x2360 portrait", "slideOver 640x2264 portrait",
                "splitView-2/3 1590x1640 portrait", "splitView-1/2 1170x1640 portrait", "splitView-1/3 750x1640 portrait",
                "slideOver 750x1544 portrait",
            ])
        // iPad (5th generation), a 9.7-inch home-button iPad: 768 × 1024 pt at 2×.
        #expect(
            Set(windows(of: "ipad-5", in: variants)) == [
                "splitView-2/3 876x2048 portrait", "splitView-1/3 640x2048 portrait", "slideOver 640x1968 portrait",
                "splitView-2/3 1388x1536 portrait", "splitView-1/2 1014x1536 portrait", "splitView-1/3 640x1536 portrait",
                "slideOver 640x1456 portrait",
            ])
        // iPad mini (6th generation): half of 1133 pt less the divider is 561.5 pt, 1123 pixels.
        #expect(windows(of: "ipad-mini-6", in: variants).contains("splitView-1/2 1123x1488 portrait"))
        // Dark has the same sizes; every iPad has seven windows (three in portrait, four in landscape).
        #expect(windows(of: "ipad-pro-12-9-3", in: variants, appearance: .dark).count == 7)
        let pads = try DeviceCatalog.builtIn().devices.filter { $0.idiom == .pad }
        #expect(pads.allSatisfy { windows(of: $0.id, in: variants).count == 7 }, "every iPad in the catalog")
        #expect(Set(variants.map(\.id)).count == variants.count)
    }

    @Test func offByDefaultAndFullScreenIDsDoNotMove() throws {
        let off = try builtInPlan(multitasking: nil)
        #expect(!off.isEmpty && off.allSatisfy { $0.window == nil })
        #expect(outcome(try builtInPlan(multitasking: false)) == outcome(off))
        // Turning it on adds window variants and leaves every full-screen variant as it was.
        let on = try builtInPlan(multitasking: true, template: "safe.svg")
        let offSafe = try builtInPlan(multitasking: nil, template: "safe.svg")
        #expect(outcome(on.filter { $0.window == nil }) == outcome(offSafe))
        #expect(on.count > offSafe.count)
        let windowID = /x-pad-(split-1-3|split-1-2|split-2-3|slide-over)-\d+x\d+-(light|dark)(-\d+)?/
        #expect(on.filter { $0.window != nil }.allSatisfy { $0.id.wholeMatch(of: windowID) != nil })
    }

    @Test func identicalWindowsOfSeveralIPadsAreRenderedOnce() throws {
        // plain.svg ignores safe areas: every iPad with a 750 × 2048 ⅓ window shares one variant.
        let plain = try builtInPlan(multitasking: true)
        let third = plain.filter { $0.window == .splitViewOneThird && $0.pixels == PixelSize(width: 750, height: 2048) }
        #expect(third.map(\.id) == ["x-pad-split-1-3-750x2048-light", "x-pad-split-1-3-750x2048-dark"])
        for id in ["ipad-pro-12-9-1", "ipad-pro-12-9-6", "ipad-air-13-m2", "ipad-air-13-m4"] {
            #expect(third[0].devices.contains(id), "\(id)")
        }
        // safe.svg draws the top inset: 12.9-inch iPads with a home button (20 pt) and without (24 pt) differ.
        let safe = try builtInPlan(multitasking: true, template: "safe.svg")
        let safeThird = safe.filter {
            $0.window == .splitViewOneThird && $0.pixels == PixelSize(width: 750, height: 2048) && $0.appearance == .light
        }
        #expect(safeThird.map(\.id) == ["x-pad-split-1-3-750x2048-light", "x-pad-split-1-3-750x2048-light-2"])
        #expect(safeThird[0].devices == ["ipad-pro-12-9-1", "ipad-pro-12-9-2"])
        #expect(safeThird[1].devices.contains("ipad-pro-12-9-3"))
    }

    @Test func phonesAndPortraitOnlyLayoutsGetNoLandscapeWindows() throws {
        let windows = DeviceWindows(
            portrait: [DeviceWindow(.splitViewOneThird, width: 10)],
            landscape: [DeviceWindow(.splitViewHalf, width: 15), DeviceWindow(.slideOver, width: 10, height: 20)]
        )
        let pad = device("pad", .pad, points: (30, 40), portrait: insets(3, 0, 2, 0), landscape: insets(3, 0, 2, 0), windows: windows)
        let fixture = try PlannerFixture(layouts: [
            "a.json": layoutJSON(id: "a", multitasking: true),
            "b.json": layoutJSON(id: "b", schedule: [("01-01", "12-31")], orientations: "portrait", multitasking: true),
        ])
        defer { fixture.remove() }
        let variants = try fixture.plan([pad, device("phone")])
        #expect(
            variants.filter { $0.layout == "a" && $0.appearance == .light }.map(\.id) == [
                "a-phone-40x80-light", "a-pad-60x80-light", "a-pad-split-1-3-20x80-light", "a-pad-80x60-light",
                "a-pad-split-1-2-30x60-light", "a-pad-slide-over-20x40-light",
            ])
        #expect(
            variants.filter { $0.layout == "b" && $0.appearance == .light }.map(\.id) == [
                "b-phone-40x80-light", "b-pad-60x80-light", "b-pad-split-1-3-20x80-light",
            ])
        let slideOver = try #require(variants.first { $0.id == "a-pad-slide-over-20x40-light" })
        #expect(slideOver.svg.contains(#"width="20" height="40" viewBox="0 0 10 20""#))
    }

    // MARK: Template context

    @Test func windowsTellTemplatesWhatTheyAre() throws {
        let pad = try #require(
            screens([
                device(
                    "pad", .pad, points: (1024, 1366), scale: 2, portrait: insets(24, 0, 20, 0), landscape: insets(24, 0, 20, 0),
                    windows: DeviceWindows(
                        portrait: [],
                        landscape: [DeviceWindow(.splitViewOneThird, width: 375), DeviceWindow(.slideOver, width: 375, height: 976)]
                    )
                )
            ]).first)
        let canvases = pad.canvases(in: .landscape, multitasking: true)
        #expect(canvases.map(\.window) == [nil, .splitViewOneThird, .slideOver])
        func values(_ canvas: Canvas) -> [String: Any] {
            TemplateContext(layout: TemplateContextTests.layout, canvas: canvas, appearance: .light).values
        }
        let full = values(canvases[0])
        #expect(full["isWindow"] as? Bool == false)
        #expect(full["windowClass"] as? String == "fullScreen")
        #expect(full["isSplitView"] as? Bool == false)
        #expect(full["isSlideOver"] as? Bool == false)

        let third = values(canvases[1])
        #expect(third["isWindow"] as? Bool == true)
        #expect(third["windowClass"] as? String == "splitView-1/3")
        #expect(third["isSplitView"] as? Bool == true)
        #expect(third["isSlideOver"] as? Bool == false)
        #expect(third["width"] as? Int == 750)
        #expect(third["height"] as? Int == 2048)
        #expect(third["pointWidth"] as? String == "375")
        #expect(third["pointHeight"] as? String == "1024")
        // A landscape iPad's ⅓ window is taller than wide: a portrait image.
        #expect(third["orientation"] as? String == "portrait")
        #expect(third["isPortrait"] as? Bool == true)
        #expect(
            third["safeArea"] as? [String: String] == [
                "top": "24", "left": "0", "bottom": "20", "right": "0",
                "width": "375", "height": "980", "centerX": "187.5", "centerY": "514",
            ])

        let slideOver = values(canvases[2])
        #expect(slideOver["windowClass"] as? String == "slideOver")
        #expect(slideOver["isSlideOver"] as? Bool == true)
        #expect(slideOver["isSplitView"] as? Bool == false)
        #expect(slideOver["height"] as? Int == 1952)
        #expect((slideOver["safeArea"] as? [String: String])?["top"] == "0", "a Slide Over window starts below the status bar")
        #expect((slideOver["safeArea"] as? [String: String])?["bottom"] == "20")
        // Without multitasking, only the full screen.
        #expect(pad.canvases(in: .landscape, multitasking: false) == [canvases[0]])
    }

    // MARK: Devices files

    /// An iPad of 30 × 40 pt (landscape 40 × 30) with `windows` as given.
    private static func padFile(idiom: String = "pad", windows: String) -> String {
        """
        {
          "devices": [
            {
              "id": "tablet", "name": "Tablet", "idiom": "\(idiom)",
              "points": { "width": 30, "height": 40 },
              "scale": 2,
              "safeArea": {
                "portrait":  { "top": 0, "left": 0, "bottom": 0, "right": 0 },
                "landscape": { "top": 0, "left": 0, "bottom": 0, "right": 0 }
              },
              "windows": \(windows)
            }
          ]
        }
        """
    }

    private func diagnostics(_ text: String) throws -> (diagnostics: [Diagnostic], file: URL) {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = try folder.write("devices.json", text)
        let error = try #require(throws: CompilerError.self) { _ = try DeviceCatalog.load(url) }
        return (error.diagnostics, url)
    }

    @Test func devicesFileWindowsLoad() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = try folder.write(
            "devices.json",
            Self.padFile(
                windows: """
                    { "portrait": [{ "window": "splitView-1/3", "width": 10 }],
                      "landscape": [{ "window": "slideOver", "width": 12.5, "height": 26 }] }
                    """))
        let device = try #require(try DeviceCatalog.load(url).first)
        #expect(
            device.windows
                == DeviceWindows(
                    portrait: [DeviceWindow(.splitViewOneThird, width: 10)], landscape: [DeviceWindow(.slideOver, width: 12.5, height: 26)]
                ))
    }

    @Test(arguments: [
        // (windows, JSON path, where it starts, message)
        (
            #"{ "portrait": [], "landscape": [{ "window": "splitView-1/3", "width": 45 }] }"#, "devices[0].windows.landscape[0].width",
            "45 }",
            "must be more than 0 and less than the landscape screen's 40 points, found 45"
        ),
        (
            #"{ "portrait": [{ "window": "slideOver", "width": 10, "height": 41 }], "landscape": [] }"#,
            "devices[0].windows.portrait[0].height", "41 }",
            "at most the portrait screen's 40 points, found 41"
        ),
        (
            #"{ "portrait": [{ "window": "splitView-1/3", "width": 10 }, { "window": "splitView-1/3", "width": 12 }], "landscape": [] }"#,
            "devices[0].windows.portrait[1].window", #""splitView-1/3", "width": 12"#, "splitView-1/3 appears twice in portrait"
        ),
        (
            #"{ "portrait": [{ "window": "stageManager", "width": 10 }], "landscape": [] }"#,
            "devices[0].windows.portrait[0].window", #""stageManager""#,
            "stageManager"
        ),
        (
            #"{ "portrait": [{ "window": "slideOver", "widht": 10 }], "landscape": [] }"#, "devices[0].windows.portrait[0].widht",
            #""widht""#,
            "unknown key \"widht\"; expected one of height, width, window"
        ),
    ])
    func badWindowsArePlaced(windows: String, path: String, needle: String, message: String) throws {
        let text = Self.padFile(windows: windows)
        let (found, url) = try diagnostics(text)
        #expect(found.count == 1, "\(found)")
        let diagnostic = try #require(found.first)
        let expected = place(of: needle, in: text)
        #expect(diagnostic.file == displayed(url))
        #expect(diagnostic.path == path)
        #expect(diagnostic.line == expected.line && diagnostic.column == expected.column, "\(diagnostic)")
        #expect(diagnostic.message.contains(message), "\(diagnostic.message)")
    }

    @Test func phonesHaveNoWindows() throws {
        let text = Self.padFile(idiom: "phone", windows: #"{ "portrait": [{ "window": "slideOver", "width": 10 }], "landscape": [] }"#)
        let (found, _) = try diagnostics(text)
        #expect(found.map(\.path) == ["devices[0].windows"])
        #expect(found.first?.message == "only iPads have Split View and Slide Over windows")
    }

    // MARK: Layouts

    @Test func layoutMultitaskingMustBeABoolean() throws {
        let text = layoutJSON(id: "x").replacingOccurrences(of: "\n}\n", with: ",\n  \"multitasking\": \"yes\"\n}\n")
        let fixture = try PlannerFixture(layouts: ["x.json": text])
        defer { fixture.remove() }
        let error = try #require(throws: CompilerError.self) { _ = try fixture.plan([device("phone")]) }
        let diagnostic = try #require(error.diagnostics.first)
        let expected = place(of: "\"yes\"", in: text)
        #expect(diagnostic.path == "multitasking")
        #expect(diagnostic.line == expected.line && diagnostic.column == expected.column)
        #expect(diagnostic.message == "expected true or false")
    }
}
