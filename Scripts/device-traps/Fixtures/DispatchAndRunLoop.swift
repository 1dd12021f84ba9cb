// Dispatch's global queues, run-loop observers and expiring activities run closures off the main queue.
import Foundation
import SwiftUI

struct SplashView: View {
    var body: some View {
        Text("splash").onAppear {
            DispatchQueue.global(qos: .utility).async {  // expect: trap
                print("work")
            }
            DispatchQueue.global().async { @Sendable in
                print("work")
            }
            Task.detached {
                DispatchQueue.global().async { print("work") }
            }
        }
    }
}

extension Idle {
    func whenIdle(_ body: @escaping @Sendable () -> Void) {
        let observer = CFRunLoopObserverCreateWithHandler(kCFAllocatorDefault, CFRunLoopActivity.beforeWaiting.rawValue, false, 0) {  // expect: trap
            observer, _ in
            body()
        }
        CFRunLoopAddObserver(CFRunLoopGetMain(), observer, .commonModes)
    }

    func whenIdleSendable(_ body: @escaping @Sendable () -> Void) {
        let observer = CFRunLoopObserverCreateWithHandler(kCFAllocatorDefault, CFRunLoopActivity.beforeWaiting.rawValue, false, 0) {
            @Sendable observer, _ in
            body()
        }
        CFRunLoopAddObserver(CFRunLoopGetMain(), observer, .commonModes)
    }

    func finish() {
        ProcessInfo.processInfo.performExpiringActivity(withReason: "finish") { expired in  // expect: trap
            print(expired)
        }
    }
}

/// Main-actor because it derives from a main-actor type declared in this file.
@MainActor
class Idle {}

final class IdleChild: Idle {
    func work() {
        DispatchQueue.concurrentPerform(iterations: 4) { index in  // expect: trap
            print(index)
        }
    }
}
