import Foundation

/// Everything the engine needs to know about the device and the app, injected so the core is
/// plain Foundation: the UIKit glue fills it from the running app, tests and the CLI by hand.
package struct RepairEnvironment: Sendable, Hashable {
    /// The operating system version, e.g. `SystemVersion(major: 17, minor: 4)`.
    package var systemVersion: SystemVersion
    /// iPhone or iPad.
    package var idiom: Idiom
    /// The hardware model identifier (`iPhone15,2`) or catalog device id (`iphone-14-pro`), when
    /// known: picks among variants of one size.
    package var deviceModel: String?
    /// The BCP 47 tag of the language the app runs in: `Bundle.main.preferredLocalizations.first`,
    /// the localization the system also draws the launch storyboard in (a per-app language
    /// setting included). Picks the variants of that language; `nil` means the development one.
    package var language: String?
    /// The appearance the user sees now; picks the snapshot copied to the upgrade placeholder.
    package var currentAppearance: Appearance?
    /// The interface orientation now; picks the snapshot copied to the upgrade placeholder.
    package var currentOrientation: Orientation?
    /// The app's pinned `UIUserInterfaceStyle` (Info.plist), which the system draws every snapshot in.
    package var pinnedAppearance: Appearance?
    /// The app's version (`CFBundleShortVersionString` + build); a change marks an upgrade launch.
    package var appVersion: String?
    /// Now: picks the season.
    package var date: Date
    /// The device's time zone: the season changes at local midnight.
    package var timeZone: TimeZone
    /// The app was launched in the background (no UI): the repair is deferred.
    package var isPassiveLaunch: Bool

    /// Creates an environment; only the system version and idiom have no default.
    package init(
        systemVersion: SystemVersion,
        idiom: Idiom,
        deviceModel: String? = nil,
        language: String? = nil,
        currentAppearance: Appearance? = nil,
        currentOrientation: Orientation? = nil,
        pinnedAppearance: Appearance? = nil,
        appVersion: String? = nil,
        date: Date = Date(),
        timeZone: TimeZone = .current,
        isPassiveLaunch: Bool = false
    ) {
        self.systemVersion = systemVersion
        self.idiom = idiom
        self.deviceModel = deviceModel
        self.language = language
        self.currentAppearance = currentAppearance
        self.currentOrientation = currentOrientation
        self.pinnedAppearance = pinnedAppearance
        self.appVersion = appVersion
        self.date = date
        self.timeZone = timeZone
        self.isPassiveLaunch = isPassiveLaunch
    }
}

/// A `major.minor[.patch]` operating system version.
package struct SystemVersion: Codable, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The major version.
    package var major: Int
    /// The minor version.
    package var minor: Int
    /// The patch version.
    package var patch: Int

    /// Creates a version value.
    package init(major: Int, minor: Int = 0, patch: Int = 0) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// Parses `X`, `X.Y` or `X.Y.Z`; `nil` for anything else.
    package init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count),
            parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else { return nil }
        let numbers = parts.map { Int($0) ?? 0 }
        self.init(major: numbers[0], minor: numbers.count > 1 ? numbers[1] : 0, patch: numbers.count > 2 ? numbers[2] : 0)
    }

    /// Orders by major, then minor, then patch.
    package static func < (lhs: SystemVersion, rhs: SystemVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }

    /// `X.Y` or `X.Y.Z`.
    package var description: String { patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)" }
}

/// Which orientations get their own image.
public enum OrientationPolicy: String, Codable, Sendable, Hashable, CaseIterable {
    /// Phones portrait only (the portrait image also fills landscape-sized files), pads both.
    case automatic
    /// The portrait image fills landscape-sized files too.
    case portraitOnly = "portrait"
    /// Each orientation gets the variant of its own exact size.
    case both

    /// Whether landscape-sized files take the portrait variant on `idiom`.
    package func isPortraitOnly(on idiom: Idiom) -> Bool {
        switch self {
        case .automatic: idiom == .phone
        case .portraitOnly: true
        case .both: false
        }
    }
}

/// Where a variant's bytes come from: the pack (``LaunchPack``) in an app.
package protocol VariantSource: Sendable {
    /// The variant's PNG bytes.
    func bytes(of variant: LaunchManifest.Variant) throws(LaunchPackError) -> Data
}

extension LaunchPack: VariantSource {}
