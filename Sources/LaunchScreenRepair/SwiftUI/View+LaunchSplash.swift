#if canImport(UIKit) && os(iOS)
import Foundation
import SwiftUI

@available(iOSApplicationExtension, unavailable)
extension View {
    /// Covers the view with the launch image the user saw in its scene, then cross-dissolves it
    /// away after `duration` seconds (`.infinity`: never; NaN or less than zero: at once): the
    /// SwiftUI form of ``LaunchSplash``. Apply it to the root view of the `WindowGroup`.
    public func launchSplash<Catalog: LaunchAssetCatalog>(_ catalog: Catalog.Type, duration: TimeInterval = 0.8) -> some View {
        modifier(LaunchSplashModifier<Catalog>(duration: duration))
    }
}

@available(iOSApplicationExtension, unavailable)
@MainActor
private struct LaunchSplashModifier<Catalog: LaunchAssetCatalog>: ViewModifier {
    let duration: TimeInterval
    @State private var visible = true

    func body(content: Content) -> some View {
        ZStack {
            content
            if visible {
                LaunchSplashView(Catalog.self, request: SplashRequest(duration: duration, skippable: false, host: .view)) {
                    withAnimation(.easeOut(duration: 0.35)) { visible = false }
                }
                // Above the content while it fades: without it the removal is not animated.
                .zIndex(1)
                .transition(.opacity)
            }
        }
    }
}
#endif
