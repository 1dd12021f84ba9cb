import Foundation

@testable import LaunchScreenRepair

extension LaunchWindow {
    /// The window of an app in `environment`: `pointWidth` × `pointHeight` points at
    /// `screenScale` (the panel's `nativeScale`, when it differs), in the appearance the system
    /// drew in (a pinned style, else the user's) and the app's language.
    init(_ environment: RepairEnvironment, pointWidth: Double, pointHeight: Double, screenScale: Double, nativeScale: Double? = nil) {
        let native = nativeScale ?? screenScale
        self.init(
            orientation: pointWidth > pointHeight ? .landscape : .portrait,
            appearance: environment.pinnedAppearance ?? environment.currentAppearance, pointWidth: pointWidth,
            pointHeight: pointHeight, screenScale: native, language: environment.language,
            pixelSizes: SnapshotSize.of(points: (pointWidth, pointHeight), scales: [native, screenScale]))
    }
}
