// A block observer with a `nil` queue runs on the thread that posts the notification.
import Foundation
import UIKit

@MainActor
final class Observers {
    var tokens: [any NSObjectProtocol] = []

    func observe() {
        tokens.append(
            NotificationCenter.default.addObserver(forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: nil) { _ in  // expect: trap
                print("background")
            })
        // On the main queue the main actor's check holds.
        tokens.append(
            NotificationCenter.default.addObserver(
                forName: UIApplication.didBecomeActiveNotification, object: nil, queue: .main
            ) { _ in
                print("active")
            })
        tokens.append(
            NotificationCenter.default.addObserver(forName: .NSCalendarDayChanged, object: nil, queue: nil) { @Sendable _ in
                print("day")
            })
        tokens.append(
            NotificationCenter.default.addObserver(forName: .NSSystemClockDidChange, object: nil, queue: OperationQueue()) {  // expect: trap
                _ in print("clock")
            })
    }
}
