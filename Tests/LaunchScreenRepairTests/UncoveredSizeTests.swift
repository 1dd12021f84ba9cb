import LaunchScreenRepair
import Testing

/// The reason a snapshot of a size no variant covers is skipped: a screen the catalog lacks, or
/// on an iPad a multitasking window.
@Suite("Skip reason for an uncovered size (pure)")
struct UncoveredSizeTests {
    /// Full screens of a 12.9-inch iPad Pro and an iPad mini, a phone, and (with `windows`) the
    /// iPad Pro's landscape ⅓ Split View window.
    static func manifest(windows: Bool) -> LaunchManifest {
        func variant(
            _ id: String, _ idiom: Idiom, _ width: Int, _ height: Int, _ devices: [String], window: MultitaskingWindow? = nil
        ) -> LaunchManifest.Variant {
            LaunchManifest.Variant(
                id: id, layout: "winter", width: width, height: height, orientation: width > height ? .landscape : .portrait,
                appearance: .light, idiom: idiom, devices: devices, md5: String(repeating: "0", count: 32), offset: 0, length: 1,
                window: window
            )
        }
        var variants = [
            variant("winter-pad-2048x2732-light", .pad, 2048, 2732, ["ipad-pro-12-9-3"]),
            variant("winter-pad-2732x2048-light", .pad, 2732, 2048, ["ipad-pro-12-9-3"]),
            variant("winter-pad-1488x2266-light", .pad, 1488, 2266, ["ipad-mini-6"]),
            variant("winter-pad-2266x1488-light", .pad, 2266, 1488, ["ipad-mini-6"]),
            variant("winter-phone-1179x2556-light", .phone, 1179, 2556, ["iphone-14-pro"]),
        ]
        if windows {
            let third = variant("winter-pad-split-1-3-750x2048-light", .pad, 750, 2048, ["ipad-pro-12-9-3"], window: .splitViewOneThird)
            variants.append(third)
        }
        return LaunchManifest(
            version: "test", generator: "tests", pack: "LaunchAssets.launchpack",
            layouts: [.init(id: "winter", displayName: "Winter", priority: 0, schedule: [])], variants: variants,
            models: ["iPad8,5": "ipad-pro-12-9-3", "iPad14,1": "ipad-mini-6"]
        )
    }

    func reason(_ width: Int, _ height: Int, idiom: Idiom = .pad, model: String? = nil, windows: Bool = false) -> String? {
        let planner = RepairPlanner(manifest: Self.manifest(windows: windows), layout: "winter", idiom: idiom, deviceModel: model)
        let file = SnapshotFile(
            name: "a.ktx", byteCount: 100, header: ImageHeader(format: .png, width: width, height: height),
            appearance: AppearanceEvidence(appearance: .light, source: .pixels))
        let step = planner.plan([file]).steps[0]
        #expect(step.action == .skip)
        return step.reason
    }

    @Test("a phone: the catalog lacks the screen, as before")
    func phone() {
        #expect(
            reason(1170, 2532, idiom: .phone)
                == "no phone variant of 1170x2532 in layout winter: the device catalog lacks this screen size")
    }

    @Test("an iPad window size without multitasking: say what renders it and that Stage Manager sizes are not rendered")
    func windowWithoutMultitasking() {
        let expected =
            "no pad variant of 750x2048 in layout winter: an iPad window size no variant covers; "
            + "Stage Manager windows can be any size and are not rendered; "
            + "Split View and Slide Over sizes are rendered with multitasking: true"
        #expect(reason(750, 2048, model: "iPad8,5") == expected)
        #expect(reason(750, 2048) == expected, "unknown device: smaller than every full screen")
        // Narrower than the screen but as tall (a landscape ⅔ window), in either orientation of the file.
        #expect(reason(1962, 2048, model: "iPad8,5")?.contains("an iPad window size") == true)
        #expect(reason(2048, 1962, model: "iPad8,5")?.contains("an iPad window size") == true)
    }

    @Test("with multitasking, an iPad window size still uncovered is a Stage Manager window")
    func stageManager() {
        #expect(
            reason(1200, 1600, model: "iPad8,5", windows: true)
                == "no pad variant of 1200x1600 in layout winter: an iPad window size no variant covers, so a Stage Manager window; "
                + "Stage Manager windows can be any size and are not rendered")
    }

    @Test("an iPad screen at least as large as a full screen it could be is one the catalog lacks")
    func unknownScreen() {
        // Larger than every iPad in the manifest: a new model.
        #expect(reason(2064, 2752)?.hasSuffix("the device catalog lacks this screen size") == true)
        // Larger than the mini's screen, though smaller than the iPad Pro's: on the mini or an
        // unknown device a screen the catalog lacks, on the iPad Pro a window.
        #expect(reason(1640, 2360, model: "iPad14,1")?.hasSuffix("the device catalog lacks this screen size") == true)
        #expect(reason(1640, 2360)?.hasSuffix("the device catalog lacks this screen size") == true)
        #expect(reason(1640, 2360, model: "iPad8,5")?.contains("an iPad window size") == true)
    }
}
