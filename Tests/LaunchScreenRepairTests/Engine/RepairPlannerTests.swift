import Foundation
import TestSupport
import Testing

@testable import LaunchScreenRepair

@Suite("Repair planner (pure)")
struct RepairPlannerTests {
    let folder: TemporaryFolder
    let catalog: TestCatalog

    init() throws {
        folder = try TemporaryFolder()
        catalog = try TestCatalog(
            in: folder.url,
            sizes: TestCatalog.standardSizes + [
                .init(idiom: .phone, width: 1179, height: 2556, devices: ["iPhone16,1"], salt: "b")
            ])
    }

    func file(_ name: String, _ w: Int, _ h: Int, _ appearance: Appearance?, bytes: Int = 20_000, md5: String? = nil) -> SnapshotFile {
        SnapshotFile(
            name: name, byteCount: bytes, header: ImageHeader(format: .aapl, width: w, height: h), md5: md5,
            appearance: appearance.map { AppearanceEvidence(appearance: $0, source: .pixels) } ?? .unknown)
    }

    @Test("portrait-only phone: landscape-sized files take the portrait variant of their appearance")
    func portraitOnly() {
        defer { folder.remove() }
        let planner = RepairPlanner(manifest: catalog.manifest, layout: "winter", idiom: .phone, deviceModel: "iPhone15,2")
        let plan = planner.plan([file("a", 1179, 2556, .light), file("b", 2556, 1179, .dark)])
        #expect(plan.steps.map(\.action) == [.replace, .replace])
        #expect(plan.steps.map(\.variant) == ["winter-phone-1179x2556-portrait-light", "winter-phone-1179x2556-portrait-dark"])
        #expect(plan.steps[1].orientation == .landscape)
    }

    @Test("same size, several variants: the device model picks; unknown model: any of them is current")
    func severalVariantsOfOneSize() {
        defer { folder.remove() }
        let other = catalog.variant("winter-phone-1179x2556b-portrait-light")
        let known = RepairPlanner(manifest: catalog.manifest, layout: "winter", idiom: .phone, deviceModel: "iPhone15,2")
        let holding = file("a", 1179, 2556, .light, bytes: other.length, md5: other.md5)
        #expect(known.plan([holding]).steps[0].action == .replace)
        #expect(known.plan([holding]).steps[0].variant == "winter-phone-1179x2556-portrait-light")
        let unknown = RepairPlanner(manifest: catalog.manifest, layout: "winter", idiom: .phone)
        #expect(unknown.plan([holding]).steps[0].action == .keep)
        #expect(unknown.plan([holding]).steps[0].variant == other.id)
    }

    @Test("keep only when size and MD5 both match")
    func keep() {
        defer { folder.remove() }
        let variant = catalog.variant("winter-phone-1179x2556-portrait-dark")
        let planner = RepairPlanner(manifest: catalog.manifest, layout: "winter", idiom: .phone, deviceModel: "iPhone15,2")
        #expect(planner.plan([file("a", 1179, 2556, .dark, bytes: variant.length, md5: variant.md5)]).steps[0].action == .keep)
        #expect(planner.plan([file("a", 1179, 2556, .dark, bytes: variant.length + 1, md5: variant.md5)]).steps[0].action == .replace)
    }

    @Test("pads: exact sizes in both orientations; a Split View size no variant has is skipped with a reason")
    func pad() {
        defer { folder.remove() }
        let planner = RepairPlanner(manifest: catalog.manifest, layout: "spring", idiom: .pad)
        let plan = planner.plan([file("p", 2048, 2732, .light), file("l", 2732, 2048, .dark), file("s", 1024, 2732, .light)])
        let byName = Dictionary(uniqueKeysWithValues: plan.steps.map { ($0.name, $0) })
        #expect(byName["p"]?.variant == "spring-pad-2048x2732-portrait-light")
        #expect(byName["l"]?.variant == "spring-pad-2732x2048-landscape-dark")
        #expect(byName["s"]?.action == .skip)
        if case .uncoveredSize(.pad, width: 1024, height: 2732, _, _)? = byName["s"]?.cause {} else { unexpected(byName["s"]?.cause) }
    }

    @Test("unknown appearance: skipped unless the light and dark variants are identical")
    func unknownAppearance() throws {
        defer { folder.remove() }
        let planner = RepairPlanner(manifest: catalog.manifest, layout: "winter", idiom: .phone, deviceModel: "iPhone15,2")
        let step = planner.plan([file("a", 1179, 2556, nil)]).steps[0]
        #expect(step.action == .skip)
        if case .appearanceUnknown? = step.cause {} else { unexpected(step.cause) }
        let same = try TestCatalog(in: folder.url, identicalAppearances: true)
        let samePlanner = RepairPlanner(manifest: same.manifest, layout: "winter", idiom: .phone)
        #expect(samePlanner.plan([file("a", 1179, 2556, nil)]).steps[0].action == .replace)
    }

    @Test("the orientation policy can be overridden")
    func policy() {
        defer { folder.remove() }
        let both = RepairPlanner(manifest: catalog.manifest, layout: "winter", idiom: .phone, policy: .both)
        #expect(both.plan([file("b", 2556, 1179, .dark)]).steps[0].action == .skip)  // no landscape phone variant
        let portrait = RepairPlanner(manifest: catalog.manifest, layout: "winter", idiom: .pad, policy: .portraitOnly)
        #expect(portrait.plan([file("l", 2732, 2048, .dark)]).steps[0].variant == "winter-pad-2048x2732-portrait-dark")
    }
}
