import Foundation

extension LaunchCoordinator {
    // MARK: Showing

    /// A splash for `scene`, shown in the call's own run-loop turn: the launch screen the system
    /// draws from at once, the image the user saw swapped in once decoded. None on an external
    /// display (its scenes do not show the app's snapshots), none when nothing can be drawn, and
    /// one per scene (a second call finds the first).
    mutating func showSplash(
        _ scene: SceneReading, _ request: SplashRequest, screen: ScreenReading, app: AppReading, clock: Clock,
        _ effects: inout [LaunchEffect]
    ) {
        note(app)
        self.clock = clock
        startLaunch(screen: screen, app: app, &effects)
        guard sessions[scene.id] == nil, let window = launchWindow(scene) else { return }
        let shown = snapshotsAreKnown ? decide(window) : nil
        // The launch screen is what the user saw, and the app has none this module can draw.
        if let shown, shown.image == nil, configuration.background == .none { return }
        let session = SplashSession(scene: scene, request: request)
        sessions[scene.id] = session
        effects.append(.showSplash(scene.id, background: configuration.background, skip: skipButton(session)))
        effects.append(.announceScreenChange(scene.id))
        if let shown { apply(shown, from: observation, to: scene.id, &effects) }
        schedule(scene.id, after: session.firstTick, &effects)
    }

    /// `LaunchSplash.image`: the image of `scene` (the screen's, without one), decoded.
    mutating func requestImage(
        _ call: CallID, scene: SceneReading?, screen: ScreenReading, app: AppReading, clock: Clock, _ effects: inout [LaunchEffect]
    ) {
        note(app)
        self.clock = clock
        startLaunch(screen: screen, app: app, &effects)
        guard let window = scene.map(launchWindow) ?? launchWindow(screen) else {
            effects.append(.answerSplashImage(call, nil))
            return
        }
        imageCalls[call] = ImageCall(window: window)
        if snapshotsAreKnown { decideImageCall(call, &effects) }
    }

    /// Scenes and image calls that came before the snapshots were read: decided now.
    mutating func decideWaitingSplashes(_ effects: inout [LaunchEffect]) {
        guard snapshotsAreKnown else { return }
        for id in sceneIDs() where sessions[id]?.isDecided == false {
            guard let scene = sessions[id]?.scene, let window = launchWindow(scene) else { continue }
            apply(decide(window), from: observation, to: id, &effects)
        }
        for call in imageCalls.keys.sorted(by: { $0.rawValue < $1.rawValue }) where imageCalls[call]?.decode == nil {
            decideImageCall(call, &effects)
        }
    }

    private mutating func decideImageCall(_ call: CallID, _ effects: inout [LaunchEffect]) {
        guard let waiting = imageCalls[call] else { return }
        guard let image = decide(waiting.window).image else {
            imageCalls[call] = nil
            effects.append(.answerSplashImage(call, nil))
            return
        }
        let decode = decode(image, &effects)
        imageCalls[call]?.decode = decode
    }

    /// What the scene's splash shows: the image decided (decoded first), or the launch screen.
    /// `basis` is the reading it was decided from, which a change of appearance decides from again.
    private mutating func apply(
        _ shown: LaunchScreenShown, from basis: SnapshotObservation?, to id: SceneID, _ effects: inout [LaunchEffect]
    ) {
        guard var session = sessions[id] else { return }
        session.isDecided = true
        session.basis = basis
        switch shown {
        case .image(let image):
            guard session.image != image else { break }
            session.image = image
            session.awaitedDecode = decode(image, &effects)
        case .storyboard:
            session.image = nil
            session.awaitedDecode = nil
            if session.showsImage {
                session.showsImage = false
                effects.append(.showSplashBackground(id))
            }
        }
        sessions[id] = session
        if shown.image == nil, configuration.background == .none { endSplash(id, animated: false, &effects) }
    }

    /// The decode of `image`: one under way for it, else a new one, at user-interactive priority.
    private mutating func decode(_ image: SplashImage, _ effects: inout [LaunchEffect]) -> DecodeID {
        if let running = decodes.first(where: { $0.value == image })?.key { return running }
        let id = newDecode()
        decodes[id] = image
        effects.append(.decodeSplashImage(id, image))
        return id
    }

    /// A decode ended: the splashes that wait for it show it (a decode they no longer wait for,
    /// overtaken by a newer one, is dropped); one that failed leaves the launch screen. The
    /// decoded image is released once handed over.
    mutating func decodeFinished(_ decode: DecodeID, succeeded: Bool, _ effects: inout [LaunchEffect]) {
        decodes[decode] = nil
        for id in sceneIDs() {
            guard var session = sessions[id], session.awaitedDecode == decode else { continue }
            session.awaitedDecode = nil
            if succeeded {
                session.showsImage = true
                effects.append(.showSplashImage(id, decode))
            } else if session.showsImage {
                session.showsImage = false
                effects.append(.showSplashBackground(id))
            }
            sessions[id] = session
            if !succeeded, configuration.background == .none { endSplash(id, animated: false, &effects) }
        }
        for (call, waiting) in imageCalls where waiting.decode == decode {
            imageCalls[call] = nil
            effects.append(.answerSplashImage(call, succeeded ? decode : nil))
        }
        effects.append(.releaseSplashImage(decode))
    }

    // MARK: While it shows

    /// The scene's traits changed: a switch between light and dark while the splash shows
    /// decides again, from the reading the splash was decided from. Ignored in the background,
    /// where the system flips the traits to take the app switcher's light and dark snapshots.
    mutating func traitsChanged(_ scene: SceneReading, appInBackground: Bool, _ effects: inout [LaunchEffect]) {
        guard !appInBackground, var session = sessions[scene.id] else { return }
        let before = session.scene
        session.scene = scene
        sessions[scene.id] = session
        guard session.isDecided, scene != before, let window = launchWindow(scene) else { return }
        apply(Self.shown(in: window, from: session.basis), from: session.basis, to: scene.id, &effects)
    }

    /// VoiceOver turned off: a splash that waited past its time for the skip button ends.
    mutating func voiceOverChanged(_ running: Bool, _ effects: inout [LaunchEffect]) {
        voiceOverRunning = running
        guard !running else { return }
        for id in sceneIDs() {
            guard let session = sessions[id], session.request.duration != nil, session.countdown.isOver else { continue }
            endSplash(id, animated: true, &effects)
        }
    }

    /// A timer fired: the count goes down; the splash ends when its time is up (not under
    /// VoiceOver while it has a skip button), or at once when the app presents a view controller
    /// under its window.
    mutating func timerFired(_ id: SceneID, appIsPresenting: Bool, _ effects: inout [LaunchEffect]) {
        guard var session = sessions[id], let tick = session.pendingTick else { return }
        if appIsPresenting, session.request.host == .window {
            endSplash(id, animated: true, &effects)
            return
        }
        let wasOver = session.countdown.isOver
        session.pendingTick = nil
        session.countdown.elapse(tick)
        sessions[id] = session
        if let skip = skipButton(session), !wasOver { effects.append(.setSkipButton(id, skip)) }
        if session.request.duration != nil, session.countdown.isOver, session.endsByItself(voiceOverRunning: voiceOverRunning) {
            endSplash(id, animated: true, &effects)
            return
        }
        schedule(id, after: session.nextTick, &effects)
    }

    // MARK: Ending

    /// The splash ends: it dissolves away and gives key status back only if its window holds it
    /// (the app may have made another window key meanwhile).
    mutating func endSplash(_ id: SceneID, animated: Bool, _ effects: inout [LaunchEffect]) {
        guard let session = sessions.removeValue(forKey: id) else { return }
        effects.append(.dismissSplash(id, animated: animated, handBackKey: session.windowIsKey))
        effects.append(.announceScreenChange(nil))
    }

    // MARK: Decisions

    /// The window the system drew `scene`'s launch snapshot for; `nil` for a scene that shows
    /// none of the app's snapshots: another role than an app window, or a window on an external
    /// display (a Stage Manager window there too), which the `{DEFAULT GROUP}` folder does not serve.
    func launchWindow(_ scene: SceneReading) -> LaunchWindow? {
        guard scene.role == SceneReading.applicationRole, scene.isOnBuiltInScreen else { return nil }
        return window(
            points: (scene.pointWidth, scene.pointHeight), scale: scene.nativeScale, appearance: scene.appearance,
            pixelSizes: scene.pixelSizes)
    }

    /// The whole screen's window, for a call made before any scene is connected.
    func launchWindow(_ screen: ScreenReading) -> LaunchWindow? {
        window(
            points: (screen.pointWidth, screen.pointHeight), scale: screen.nativeScale, appearance: screen.appearance,
            pixelSizes: screen.pixelSizes)
    }

    private func window(points: (Double, Double), scale: Double, appearance: Appearance?, pixelSizes: [SnapshotSize]) -> LaunchWindow {
        // The orientation of the window's pixels, as the files are classified: a Split View
        // window in a landscape iPad is portrait-shaped.
        LaunchWindow(
            orientation: points.0 > points.1 ? .landscape : .portrait, appearance: configuration.device.pinnedAppearance ?? appearance,
            pointWidth: points.0, pointHeight: points.1, screenScale: scale, language: configuration.device.language,
            pixelSizes: pixelSizes)
    }

    /// What the user saw in `window`, from the current reading of the snapshots.
    func decide(_ window: LaunchWindow) -> LaunchScreenShown { Self.shown(in: window, from: observation) }

    /// What the user saw in `window`, from `observation` (`nil`: the ledger could not be read).
    static func shown(in window: LaunchWindow, from observation: SnapshotObservation?) -> LaunchScreenShown {
        guard let observation else {
            return .storyboard(reason: "the ledger or the snapshot folder could not be read")
        }
        return LaunchScreenShown.decide(
            ledger: observation.ledger, entries: observation.entries, manifest: observation.manifest,
            placeholder: observation.placeholder, window: window)
    }

    /// The skip button for the session's time left; `nil` without one.
    func skipButton(_ session: SplashSession) -> SkipButton? {
        guard session.hasSkipButton else { return nil }
        return configuration.skipWords.button(secondsLeft: session.countdown.secondsToShow)
    }

    /// The scenes showing a splash, in a fixed order.
    private func sceneIDs() -> [SceneID] { sessions.keys.sorted { $0.rawValue < $1.rawValue } }

    private mutating func schedule(_ id: SceneID, after seconds: Double?, _ effects: inout [LaunchEffect]) {
        guard let seconds else { return }
        sessions[id]?.pendingTick = seconds
        effects.append(.scheduleTimer(id, seconds: seconds))
    }
}

/// A `LaunchSplash.image` call waiting for its answer.
struct ImageCall: Sendable, Hashable {
    /// The window it asks about.
    var window: LaunchWindow
    /// The decode it waits for, once decided.
    var decode: DecodeID?
}
