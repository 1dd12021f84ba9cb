import Foundation

// What the UIKit glue reads of the running app, its scenes and the clock, handed to
// `LaunchCoordinator` with each event: plain values, so that every decision made from them is
// plain Swift with a test.

/// The app as a public call finds it.
package struct AppReading: Sendable, Hashable {
    /// `UIApplication.applicationState`.
    package enum State: Sendable, Hashable {
        case active
        case inactive
        case background
    }

    /// The application's state; `nil` before the application object exists (a SwiftUI `App.init`).
    var state: State?
    /// How many scenes are connected (`UIApplication.connectedScenes`): the system connects
    /// scenes only after `application(_:didFinishLaunchingWithOptions:)` has returned.
    var connectedScenes: Int

    package init(state: State?, connectedScenes: Int) {
        self.state = state
        self.connectedScenes = connectedScenes
    }

    /// An app that the system is still launching, as in `didFinishLaunching`.
    package static let launching = AppReading(state: .inactive, connectedScenes: 0)
}

/// The device's own screen as the launch finds it, before any scene is connected.
package struct ScreenReading: Sendable, Hashable {
    /// The screen's size in points, as it is held now (`UIScreen.bounds`).
    var pointWidth: Double
    var pointHeight: Double
    /// Pixels per point (`UIScreen.scale`).
    var scale: Double
    /// Pixels per point of the panel itself (`UIScreen.nativeScale`: 2.88 on a mini, whose
    /// snapshots are 1080 pixels wide, not 1125).
    var nativeScale: Double
    /// The user's style now (`UIScreen.traitCollection`); `nil` while unspecified.
    var appearance: Appearance?

    package init(pointWidth: Double, pointHeight: Double, scale: Double, nativeScale: Double, appearance: Appearance?) {
        self.pointWidth = pointWidth
        self.pointHeight = pointHeight
        self.scale = scale
        self.nativeScale = nativeScale
        self.appearance = appearance
    }

    /// The pixel sizes a snapshot of the whole screen can have, in the orientation held now.
    package var pixelSizes: [SnapshotSize] { SnapshotSize.of(points: (pointWidth, pointHeight), scales: [nativeScale, scale]) }
}

/// A window scene as the glue reads it: when a splash is asked for, when its traits change.
package struct SceneReading: Sendable, Hashable {
    /// The scene's identity (its session's persistent identifier).
    var id: SceneID
    /// `UISceneSession.role`'s raw value.
    var role: String
    /// Whether the scene's screen is the device's own (`UIScreen.main`), not an external display.
    var isOnBuiltInScreen: Bool
    /// The scene's size in points (an iPad window's, in Split View or Stage Manager).
    var pointWidth: Double
    var pointHeight: Double
    /// Pixels per point of the scene's screen (`UIScreen.scale`).
    var scale: Double
    /// Pixels per point of the panel (`UIScreen.nativeScale`).
    var nativeScale: Double
    /// The scene's `userInterfaceStyle`; `nil` while unspecified.
    var appearance: Appearance?

    /// `UIWindowSceneSessionRoleApplication`: an app window, whose launch snapshot the system
    /// draws from the `{DEFAULT GROUP}` folder.
    static let applicationRole = "UIWindowSceneSessionRoleApplication"

    /// The pixel sizes the scene's launch snapshot can have.
    var pixelSizes: [SnapshotSize] { SnapshotSize.of(points: (pointWidth, pointHeight), scales: [nativeScale, scale]) }
}

/// A window scene's identity: its session's persistent identifier, stable while it is connected.
package struct SceneID: Sendable, Hashable, CustomStringConvertible {
    var rawValue: String

    init(_ rawValue: String) { self.rawValue = rawValue }

    package var description: String { rawValue }
}

/// The pixel size of a launch snapshot: of a screen, or of an iPad window.
package struct SnapshotSize: Sendable, Hashable {
    package var width: Int
    package var height: Int

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The sizes of `points` at each of `scales`, duplicates dropped, in order.
    static func of(points: (width: Double, height: Double), scales: [Double]) -> [SnapshotSize] {
        var sizes: [SnapshotSize] = []
        for scale in scales where scale > 0 && scale.isFinite {
            let size = SnapshotSize(width: Int((points.width * scale).rounded()), height: Int((points.height * scale).rounded()))
            if !sizes.contains(size) { sizes.append(size) }
        }
        return sizes
    }

    /// Whether an image of `width` × `height` fills this size, either way round, within two
    /// pixels (a native scale such as 2.88 gives 2338.56 of a panel's 2340 rows).
    func isFilled(byWidth width: Int, height: Int) -> Bool {
        func near(_ a: Int, _ b: Int) -> Bool { abs(a - b) <= 2 }
        return (near(width, self.width) && near(height, self.height)) || (near(height, self.width) && near(width, self.height))
    }
}

/// Now, as the device tells it: read at each event that needs it, so a process that lives for
/// days follows the user into another time zone.
package struct Clock: Sendable, Hashable {
    var now: Date
    var timeZone: TimeZone

    package init(now: Date, timeZone: TimeZone) {
        self.now = now
        self.timeZone = timeZone
    }
}
