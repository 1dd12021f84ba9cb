#if canImport(UIKit) && os(iOS)
import Foundation
import UIKit

@available(iOSApplicationExtension, unavailable)
extension CatalogRepair {
    /// This app's repairs from a generated catalog; the pack read through `NSDataAsset`, when it
    /// is in an asset catalog, only when a run needs a variant's bytes.
    @MainActor
    init<Catalog: LaunchAssetCatalog>(app catalog: Catalog.Type, options: RepairOptions) throws(RepairError) {
        guard let locator = SnapshotRepair.appLocator() else { throw .noBundleIdentifier }
        self.init(
            locator: locator, manifest: catalog.manifest, pack: catalog.pack, remote: catalog.remote, options: options,
            device: Self.deviceNow(), dataAsset: { NSDataAsset(name: $0)?.data })
    }

    /// The device and the app, read now: what stays the same while the process lives, and now.
    @MainActor
    static func deviceNow() -> RepairEnvironment {
        let info = AppInfo(infoDictionary: Bundle.main.infoDictionary ?? [:])
        let system = ProcessInfo.processInfo.operatingSystemVersion
        return RepairEnvironment(
            systemVersion: SystemVersion(major: system.majorVersion, minor: system.minorVersion, patch: system.patchVersion),
            idiom: UIDevice.current.userInterfaceIdiom == .pad ? .pad : .phone, deviceModel: hardwareModel(),
            // The localization the system draws the launch storyboard in, per-app language included.
            language: Bundle.main.preferredLocalizations.first, pinnedAppearance: info.pinnedAppearance,
            appVersion: info.appVersion, date: Date(), timeZone: .autoupdatingCurrent)
    }

    /// `iPhone15,2`-style identifier (the simulated model's in the Simulator).
    private static func hardwareModel() -> String? {
        if let simulated = ProcessInfo.processInfo.environment["SIMULATOR_MODEL_IDENTIFIER"] { return simulated }
        var system = utsname()
        uname(&system)
        let model = withUnsafeBytes(of: &system.machine) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
        return model.isEmpty ? nil : model
    }
}
#endif
