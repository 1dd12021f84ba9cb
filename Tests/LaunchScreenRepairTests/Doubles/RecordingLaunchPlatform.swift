import Foundation

@testable import LaunchScreenRepair

/// A platform that records the calls ``LaunchDriver`` makes, each with whether it came on the
/// main queue (the main actor's, where `Thread.isMainThread` does not tell it, as under Swift
/// Testing on Linux), and decodes by reading the image's header (PNG or JPEG is an image).
/// Waiters are resumed when a call of theirs arrives.
final class RecordingLaunchPlatform: LaunchPlatform, @unchecked Sendable {
    /// One call: its name and whether it ran on the main queue.
    struct Call: Equatable {
        var name: String
        var onMainThread: Bool
    }

    /// Marks the main queue, to tell it from the others.
    private static let mainQueue: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    init() { _ = Self.mainQueue }

    private let lock = NSLock()
    private var recorded: [Call] = []
    private var waiters: [(name: String, continuation: CheckedContinuation<Void, Never>)] = []

    /// The calls so far, in order.
    var calls: [Call] { lock.withLock { recorded } }

    /// Returns once a call named `name` has been made.
    func waitFor(_ name: String) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = lock.withLock {
                guard !recorded.contains(where: { $0.name == name }) else { return true }
                waiters.append((name, continuation))
                return false
            }
            if done { continuation.resume() }
        }
    }

    private func record(_ name: String) {
        let ready = lock.withLock {
            recorded.append(Call(name: name, onMainThread: DispatchQueue.getSpecific(key: Self.mainQueue) == true))
            let ready = waiters.filter { $0.name == name }
            waiters.removeAll { $0.name == name }
            return ready
        }
        for waiter in ready { waiter.continuation.resume() }
    }

    func registerRefreshTask(identifier: String) -> Bool {
        record("register")
        return true
    }
    func awaitMainRunLoopIdle() { record("await idle") }
    func beginBackgroundTask(_ work: WorkID, name: String) { record("begin background task") }
    func endBackgroundTask(_ work: WorkID) { record("end background task") }
    func showSplash(_ scene: SceneID, background: SplashBackground, skip: SkipButton?) { record("show splash") }
    func showSplashImage(_ scene: SceneID, _ decode: DecodeID) { record("show image") }
    func showSplashBackground(_ scene: SceneID) { record("show launch screen") }
    func setSkipButton(_ scene: SceneID, _ skip: SkipButton) { record("skip") }
    func scheduleTimer(_ scene: SceneID, seconds: TimeInterval) { record("timer") }
    func dismissSplash(_ scene: SceneID, animated: Bool, handBackKey: Bool) { record("dismiss") }
    func announceScreenChange(_ scene: SceneID?) { record("announce") }
    func releaseSplashImage(_ decode: DecodeID) { record("release image") }

    func decodeSplashImage(_ data: Data, scale: Double, as decode: DecodeID) -> Bool {
        record("decode")
        let format = try? ImageHeaderProbe.probe(InMemoryBytes(data)).format
        return format == .png || format == .jpeg
    }

    func submitRefreshRequest(identifier: String, earliestBegin: Date) -> String? {
        record("submit")
        return nil
    }

    func completeRefreshTask(success: Bool) { record("complete task") }
    func log(_ level: LogLevel, _ line: String) { record("log") }
}
