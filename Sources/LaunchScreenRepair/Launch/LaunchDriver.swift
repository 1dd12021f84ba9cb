import Dispatch
import Foundation

/// The process's app side at work: the coordinator behind a lock, events in from any thread,
/// each effect carried out where it says it runs (``LaunchEffect/queue``): on the main thread in
/// order, on a global queue of its quality of service, or at once.
///
/// It decides nothing: the coordinator decides, the platform (the UIKit glue on iOS) calls the
/// system, and the engine (``CatalogRepair``) does the file work.
final class LaunchDriver: Sendable {
    private let coordinator: LockedValue<LaunchCoordinator>
    private let platform: any LaunchPlatform
    /// The engine, with the options the first repair call brought.
    private let engine: LockedValue<CatalogRepair>
    /// The answer of each call still waiting.
    private let answers = LockedValue<[CallID: @MainActor @Sendable (LaunchAnswer) -> Void]>([:])
    /// The options of repair calls, until the coordinator adopts one.
    private let offeredOptions = LockedValue<[CallID: RepairOptions]>([:])
    /// Running repairs, to cancel.
    private let runs = LockedValue<[WorkID: Task<Void, Never>]>([:])
    private let lastCall = LockedValue(0)

    init(_ coordinator: LaunchCoordinator, engine: CatalogRepair, platform: any LaunchPlatform) {
        self.coordinator = LockedValue(coordinator)
        self.engine = LockedValue(engine)
        self.platform = platform
    }

    // MARK: Calls

    /// A new call whose answer goes to `answer`, on the main actor.
    func call(answer: @escaping @MainActor @Sendable (LaunchAnswer) -> Void) -> CallID {
        let id = CallID(
            rawValue: lastCall.update { last in
                last += 1
                return last
            })
        answers.update { $0[id] = answer }
        return id
    }

    /// A repair call with its options, which the process uses when it is the first.
    func repairCall(options: RepairOptions, answer: @escaping @MainActor @Sendable (LaunchAnswer) -> Void) -> CallID {
        let id = call(answer: answer)
        offeredOptions.update { $0[id] = options }
        return id
    }

    /// A repair call awaited: the event `request` makes for the call is sent now. A cancelled
    /// task is answered ``RepairError/cancelled`` at once, and the coordinator stops the run once
    /// no call waits for it.
    @MainActor
    func awaitRepair(
        options: RepairOptions, _ request: @escaping @MainActor (CallID) -> LaunchEvent
    ) async -> Result<RepairReport, RepairError> {
        let call = LockedValue<CallID?>(nil)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<RepairReport, RepairError>, Never>) in
                let id = repairCall(options: options) { answer in
                    if case .repair(let result) = answer { continuation.resume(returning: result) }
                }
                call.set(id)
                MainActor.assumeIsolated { send(request(id)) }
            }
        } onCancel: {
            if let id = call.get() { post(.repairCallCancelled(id)) }
        }
    }

    /// `registerBackgroundRefresh`: whether the system registered the task now.
    @MainActor
    func registerRefresh(identifier: String, app: AppReading) -> Bool {
        var registered = false
        for effect in handle(.refreshRegistrationRequested(identifier: identifier, app: app)) {
            if case .registerRefreshTask(let identifier) = effect {
                registered = platform.registerRefreshTask(identifier: identifier)
            } else if effect.queue == .main {
                performOnMain(effect)
            } else {
                dispatch(effect)
            }
        }
        return registered
    }

    /// Whether a splash shows in `scene`.
    func showsSplash(in scene: SceneID) -> Bool { coordinator.get().sessions[scene] != nil }

    // MARK: Events

    /// An event on the main thread: its main-thread effects run before this returns, in the
    /// same run-loop turn (a splash appears with the window it covers).
    @MainActor
    func send(_ event: LaunchEvent) {
        for effect in handle(event) {
            if effect.queue == .main { performOnMain(effect) } else { dispatch(effect) }
        }
    }

    /// An event from another thread: its main-thread effects are queued on the main queue, in
    /// order, before any work it asks for begins, so that what that work leads to comes after them.
    func post(_ event: LaunchEvent) {
        let effects = handle(event)
        let main = effects.filter { $0.queue == .main }
        if !main.isEmpty {
            DispatchQueue.main.async { @Sendable [self] in
                MainActor.assumeIsolated {
                    for effect in main { performOnMain(effect) }
                }
            }
        }
        for effect in effects where effect.queue != .main { dispatch(effect) }
    }

    private func handle(_ event: LaunchEvent) -> [LaunchEffect] {
        coordinator.update { $0.handle(event) }
    }

    // MARK: Effects

    /// An effect that does not run on the main thread: on a global queue, or at once.
    private func dispatch(_ effect: LaunchEffect) {
        switch effect.queue {
        case .background(let quality):
            DispatchQueue.global(qos: quality.dispatch).async { @Sendable [self] in performInBackground(effect) }
        case .anyThread, .main:
            performInBackground(effect)
        }
    }

    @MainActor
    private func performOnMain(_ effect: LaunchEffect) {
        switch effect {
        case .registerRefreshTask(let identifier): _ = platform.registerRefreshTask(identifier: identifier)
        case .awaitMainRunLoopIdle: platform.awaitMainRunLoopIdle()
        case .beginBackgroundTask(let work, let name): platform.beginBackgroundTask(work, name: name)
        case .endBackgroundTask(let work): platform.endBackgroundTask(work)
        case .showSplash(let scene, let background, let skip): platform.showSplash(scene, background: background, skip: skip)
        case .showSplashImage(let scene, let decode): platform.showSplashImage(scene, decode)
        case .showSplashBackground(let scene): platform.showSplashBackground(scene)
        case .setSkipButton(let scene, let skip): platform.setSkipButton(scene, skip)
        case .scheduleTimer(let scene, let seconds): platform.scheduleTimer(scene, seconds: seconds)
        case .dismissSplash(let scene, let animated, let handBackKey):
            platform.dismissSplash(scene, animated: animated, handBackKey: handBackKey)
        case .announceScreenChange(let scene): platform.announceScreenChange(scene)
        case .releaseSplashImage(let decode): platform.releaseSplashImage(decode)
        case .answerRepair(let call, let result): answer(call, .repair(result))
        case .answerSplashImage(let call, let decode): answer(call, .image(decode))
        default: preconditionFailure("\(effect) does not run on the main thread")
        }
    }

    private func performInBackground(_ effect: LaunchEffect) {
        switch effect {
        case .prepareLaunch(let environment, let screen):
            post(.launchPrepared(engine.get().prepareLaunch(environment, screen: screen)))
        case .observeSnapshots:
            post(.snapshotsObserved(engine.get().observeSnapshots()))
        case .adoptRepairOptions(let call):
            if let options = offeredOptions.update({ $0.removeValue(forKey: call) }) { engine.update { $0.options = options } }
        case .runRepair(let work, let kind, let environment):
            let engine = engine.get()
            let task = Task { [self] in
                let result = await engine.run(kind, environment)
                runs.update { $0[work] = nil }
                post(.repairFinished(work, result))
            }
            runs.update { $0[work] = task }
        case .cancelRepair(let work):
            runs.get()[work]?.cancel()
        case .decodeSplashImage(let decode, let image):
            let data = engine.get().bytes(of: image)
            post(.decodeFinished(decode, succeeded: data.map { platform.decodeSplashImage($0, scale: image.scale, as: decode) } ?? false))
        case .submitRefreshRequest(let identifier, let date):
            if let reason = platform.submitRefreshRequest(identifier: identifier, earliestBegin: date) {
                post(.refreshSubmitFailed(identifier: identifier, reason: reason))
            }
        case .completeRefreshTask(let success): platform.completeRefreshTask(success: success)
        case .log(let level, let line): platform.log(level, line)
        default: preconditionFailure("\(effect) runs on the main thread")
        }
    }

    @MainActor
    private func answer(_ call: CallID, _ answer: LaunchAnswer) {
        offeredOptions.update { $0[call] = nil }
        answers.update { $0.removeValue(forKey: call) }?(answer)
    }
}

extension EffectQueue.QualityOfService {
    /// Dispatch's quality of service.
    var dispatch: DispatchQoS.QoSClass {
        switch self {
        case .userInteractive: .userInteractive
        case .userInitiated: .userInitiated
        case .utility: .utility
        }
    }
}
