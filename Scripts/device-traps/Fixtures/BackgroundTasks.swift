// Closures handed to BackgroundTasks: the launch handler and the task's expiration handler run on
// a background queue.
import BackgroundTasks
import UIKit

extension Refresher {
    /// Finding 1 as it was: the `@MainActor` function makes the launch handler main-actor isolated.
    @MainActor
    public static func registerBackgroundRefresh(identifier: String) {
        _ = BGTaskScheduler.shared.register(forTaskWithIdentifier: identifier, using: nil) { task in  // expect: trap
            task.setTaskCompleted(success: true)
        }
    }

    /// The fix: a `@Sendable` closure is not isolated to the function's actor.
    @MainActor
    public static func registerSendable(identifier: String) {
        _ = BGTaskScheduler.shared.register(forTaskWithIdentifier: identifier, using: nil) { @Sendable task in
            task.expirationHandler = { @Sendable in task.setTaskCompleted(success: false) }
            task.setTaskCompleted(success: true)
        }
    }

    /// Also fine: a nonisolated function, even inside a main-actor type.
    nonisolated static func registerNonisolated(identifier: String) {
        _ = BGTaskScheduler.shared.register(forTaskWithIdentifier: identifier, using: nil) { task in
            task.expirationHandler = { task.setTaskCompleted(success: false) }
            task.setTaskCompleted(success: true)
        }
    }
}

/// An app delegate derives from UIResponder: everything in it is main-actor isolated.
final class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        BGTaskScheduler.shared.register(
            forTaskWithIdentifier: "refresh", using: nil,
            launchHandler: { task in  // expect: trap
                task.setTaskCompleted(success: true)
            })
        return true
    }

    func handle(_ task: BGTask) {
        task.expirationHandler = {  // expect: trap
            task.setTaskCompleted(success: false)
        }
    }
}

/// Not main-actor: a plain type's closures are not isolated.
struct PlainScheduler {
    func register() {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: "refresh", using: nil) { task in
            task.setTaskCompleted(success: true)
        }
        // In a comment or a string the pattern is not code:
        // BGTaskScheduler.shared.register(forTaskWithIdentifier: "x", using: nil) { task in }
        print("register(forTaskWithIdentifier: \"x\", using: nil) { task in }")
    }
}

@MainActor
final class Refresher {}
