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

    func cause(_ width: Int, _ height: Int, idiom: Idiom = .pad, model: String? = nil, windows: Bool = false) -> RepairReport.Cause? {
        let planner = RepairPlanner(manifest: Self.manifest(windows: windows), layout: "winter", idiom: idiom, deviceModel: model)
        let file = SnapshotFile(
            name: "a.ktx", byteCount: 100, header: ImageHeader(format: .png, width: width, height: height),
            appearance: AppearanceEvidence(appearance: .light, source: .pixels))
        let step = planner.plan([file]).steps[0]
        #expect(step.action == .skip)
        return step.cause
    }

    /// Why a `width`x`height` file of `idiom` is skipped in layout winter.
    func uncovered(_ width: Int, _ height: Int, idiom: Idiom = .pad, _ size: RepairReport.UncoveredSize) -> RepairReport.Cause {
        .uncoveredSize(idiom, width: width, height: height, layout: "winter", size)
    }

    @Test("a phone: the catalog lacks the screen, as before")
    func phone() {
        #expect(cause(1170, 2532, idiom: .phone) == uncovered(1170, 2532, idiom: .phone, .screenNotInCatalog))
    }

    @Test("an iPad window size without multitasking: say what renders it and that Stage Manager sizes are not rendered")
    func windowWithoutMultitasking() {
        let expected = uncovered(750, 2048, .multitaskingWindow)
        #expect(cause(750, 2048, model: "iPad8,5") == expected)
        #expect(cause(750, 2048) == expected, "unknown device: smaller than every full screen")
        // Narrower than the screen but as tall (a landscape ⅔ window), in either orientation of the file.
        #expect(cause(1962, 2048, model: "iPad8,5") == uncovered(1962, 2048, .multitaskingWindow))
        #expect(cause(2048, 1962, model: "iPad8,5") == uncovered(2048, 1962, .multitaskingWindow))
    }

    @Test("with multitasking, an iPad window size still uncovered is a Stage Manager window")
    func stageManager() {
        #expect(cause(1200, 1600, model: "iPad8,5", windows: true) == uncovered(1200, 1600, .stageManagerWindow))
    }

    @Test("an iPad screen at least as large as a full screen it could be is one the catalog lacks")
    func unknownScreen() {
        // Larger than every iPad in the manifest: a new model.
        #expect(cause(2064, 2752) == uncovered(2064, 2752, .screenNotInCatalog))
        // Larger than the mini's screen, though smaller than the iPad Pro's: on the mini or an
        // unknown device a screen the catalog lacks, on the iPad Pro a window.
        #expect(cause(1640, 2360, model: "iPad14,1") == uncovered(1640, 2360, .screenNotInCatalog))
        #expect(cause(1640, 2360) == uncovered(1640, 2360, .screenNotInCatalog))
        #expect(cause(1640, 2360, model: "iPad8,5") == uncovered(1640, 2360, .multitaskingWindow))
    }
}
