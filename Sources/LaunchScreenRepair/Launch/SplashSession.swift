import Foundation

/// One scene's splash, from the call that shows it to its end: what it was asked for, what it
/// shows, and the state of its timer, window and decode.
struct SplashSession: Sendable, Hashable {
    /// The scene, as last read.
    var scene: SceneReading
    /// What the app asked for.
    var request: SplashRequest
    /// The time left.
    var countdown: SplashCountdown
    /// The image decided for the scene, once decided; `nil` while undecided or for the launch
    /// screen itself.
    var image: SplashImage?
    /// Whether the scene's launch screen has been decided (from a current reading of the snapshots).
    var isDecided = false
    /// The reading it was decided from: a change of appearance decides from it again, so that a
    /// repair that wrote meanwhile does not change the season on screen.
    var basis: SnapshotObservation?
    /// The decode the splash waits for (the newest one asked for: an older one that ends later is dropped).
    var awaitedDecode: DecodeID?
    /// Whether the splash shows a decoded image now, rather than the launch screen.
    var showsImage = false
    /// The seconds the pending timer was set for; `nil` when none is pending.
    var pendingTick: Double?
    /// Whether the splash's window is the key window (it holds the keyboard, for one).
    var windowIsKey = false

    init(scene: SceneReading, request: SplashRequest) {
        self.scene = scene
        self.request = request
        countdown = SplashCountdown(duration: request.duration)
    }

    /// Whether the splash has a skip button: the app asked for one.
    var hasSkipButton: Bool { request.skippable }

    /// Whether the splash ends by itself once its time is up: not while VoiceOver runs and there
    /// is a button to end it, whose user may still be listening to the page.
    func endsByItself(voiceOverRunning: Bool) -> Bool {
        !(voiceOverRunning && hasSkipButton)
    }

    /// When the timer should fire next: when the count changes, and otherwise every second while a
    /// window of its own shows, to end it when the app presents a view controller under it. A
    /// SwiftUI splash view has no window of its own and needs no timer once its count is done.
    var nextTick: Double? {
        countdown.secondsToNextChange ?? (request.host == .window ? 1 : nil)
    }

    /// The first timer: as ``nextTick``, but a splash whose time is up from the start (a duration
    /// of 0) ends on the next turn of the run loop, once it has been on screen.
    var firstTick: Double? { countdown.isOver ? 0 : nextTick }
}
