import Foundation

/// The rule for registering a background refresh task: the system terminates an app that
/// registers one identifier twice, or registers after its launch has finished
/// (`BGTaskScheduler.register(forTaskWithIdentifier:using:launchHandler:)`). An app delegate and
/// a SwiftUI `App.init` (or a scene delegate) both calling the registration is common; the
/// second call must do nothing.
final class BackgroundRefreshRegistration: Sendable {
    /// Whether to call the system's `register`.
    enum Decision: Equatable, Sendable {
        /// Register now.
        case register
        /// This identifier is registered already: a second registration would end the app.
        case alreadyRegistered
        /// The app finished launching: registering now would end the app.
        case launchFinished
    }

    /// The one registry of the process.
    static let process = BackgroundRefreshRegistration()

    private struct State {
        var identifiers: Set<String> = []
        var launchFinished = false
    }

    private let state = LockedValue(State())

    /// Decides for `identifier`, and records it when the answer is ``Decision/register``.
    func decide(_ identifier: String) -> Decision {
        state.update { state in
            if state.launchFinished { return .launchFinished }
            guard state.identifiers.insert(identifier).inserted else { return .alreadyRegistered }
            return .register
        }
    }

    /// The app's launch finished (`UIApplication.didFinishLaunchingNotification`): no
    /// registration is allowed after it.
    func launchDidFinish() { state.update { $0.launchFinished = true } }

    /// The identifier registered first, which the module's own refresh requests use.
    var identifier: String? { state.get().identifiers.sorted().first }
}
