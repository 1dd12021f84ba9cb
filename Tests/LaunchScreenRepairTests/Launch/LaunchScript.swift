import Foundation
import Testing

@testable import LaunchScreenRepair

/// A launch played event by event, as iOS orders them: ``LaunchCoordinator`` decides, and the
/// work its effects ask for is done here for real, on an app container in a temporary folder.
/// The preparation and every reading of the snapshots end at once; decodes and repairs end when
/// the script says, so a decode can be slower than the first frame and a refresh can expire
/// before its repair ends.
struct LaunchScript {
    let container: TestContainer
    let catalog: TestCatalog
    let engine: CatalogRepair
    private(set) var coordinator: LaunchCoordinator
    /// Decodes asked for and not yet ended.
    private(set) var decodes: [(id: DecodeID, image: SplashImage)] = []
    /// Repairs asked for and not yet run.
    private(set) var repairs: [(id: WorkID, work: RepairWork, environment: RepairEnvironment)] = []
    /// Every effect so far, in order.
    private(set) var history: [LaunchEffect] = []

    /// A launch of an app with `catalog` in `container`, on `device`, at `clock`; the splash's
    /// launch screen is the app's storyboard unless `background` says otherwise.
    init(
        _ container: TestContainer, _ catalog: TestCatalog, device: RepairEnvironment = .phone(), usesScenes: Bool = true,
        background: SplashBackground = .storyboard(name: "LaunchScreen"), clock: Clock = .day("2026-01-15")
    ) throws {
        self.container = container
        self.catalog = catalog
        var device = device
        device.currentAppearance = nil
        device.currentOrientation = nil
        engine = CatalogRepair(
            locator: container.locator, manifest: catalog.manifest, pack: .file(catalog.packURL), options: RepairOptions(),
            device: device)
        coordinator = LaunchCoordinator(
            configuration: LaunchConfiguration(device: device, usesScenes: usesScenes, background: background, manifest: catalog.manifest),
            clock: clock)
    }

    /// The effects of `event`, with those of the preparations and readings it led to.
    @discardableResult
    mutating func send(_ event: LaunchEvent) -> [LaunchEffect] {
        var effects: [LaunchEffect] = []
        var events = [event]
        while !events.isEmpty {
            let produced = coordinator.handle(events.removeFirst())
            effects += produced
            for effect in produced {
                switch effect {
                case .prepareLaunch(let environment, let screen):
                    events.append(.launchPrepared(engine.prepareLaunch(environment, screen: screen)))
                case .observeSnapshots: events.append(.snapshotsObserved(engine.observeSnapshots()))
                case .decodeSplashImage(let id, let image): decodes.append((id, image))
                case .runRepair(let id, let work, let environment): repairs.append((id, work, environment))
                default: break
                }
            }
        }
        history += effects
        return effects
    }

    /// Ends the decodes asked for, in order: the bytes read from the pack, the store or the
    /// module's folder, decoded when they are a PNG or JPEG image.
    @discardableResult
    mutating func finishDecodes() -> [LaunchEffect] {
        let pending = decodes
        decodes = []
        return pending.flatMap { decode in
            let data = engine.bytes(of: decode.image)
            let format = data.flatMap { try? ImageHeaderProbe.probe(InMemoryBytes($0)).format }
            return send(.decodeFinished(decode.id, succeeded: format == .png || format == .jpeg))
        }
    }

    /// Ends the decodes asked for as failures (bytes that are not an image).
    @discardableResult
    mutating func failDecodes() -> [LaunchEffect] {
        let pending = decodes
        decodes = []
        return pending.flatMap { send(.decodeFinished($0.id, succeeded: false)) }
    }

    /// Runs the repairs asked for, in order, with the engine an app runs.
    @discardableResult
    mutating func finishRepairs() async -> [LaunchEffect] {
        var effects: [LaunchEffect] = []
        while !repairs.isEmpty {
            let repair = repairs.removeFirst()
            let result = await engine.run(repair.work, repair.environment)
            effects += send(.repairFinished(repair.id, result))
        }
        return effects
    }

    /// The repair calls' answers in `effects`.
    static func answers(_ effects: [LaunchEffect]) -> [Result<RepairReport, RepairError>] {
        effects.compactMap { if case .answerRepair(_, let result) = $0 { result } else { nil } }
    }
}

extension LaunchEffect {
    /// The effect in a few words, for scripts to compare: a scene by its id, a decode by the
    /// variant or file it decodes, a run by its kind.
    func line(_ script: LaunchScript) -> String {
        switch self {
        case .registerRefreshTask(let identifier): "register \(identifier)"
        case .awaitMainRunLoopIdle: "await idle"
        case .beginBackgroundTask(_, let name): "begin background task \(name)"
        case .endBackgroundTask: "end background task"
        case .showSplash(let scene, let background, let skip): "show \(scene) \(background.word)" + (skip.map { " [\($0.title)]" } ?? "")
        case .showSplashImage(let scene, _): "show image \(scene)"
        case .showSplashBackground(let scene): "show launch screen \(scene)"
        case .setSkipButton(let scene, let skip): "skip \(scene) [\(skip.title)]"
        case .scheduleTimer(let scene, let seconds): "timer \(scene) \(seconds)"
        case .dismissSplash(let scene, let animated, let handBackKey):
            "dismiss \(scene)" + (animated ? "" : " at once") + (handBackKey ? " handing back key" : "")
        case .announceScreenChange(let scene): "announce \(scene.map(\.rawValue) ?? "nothing")"
        case .answerRepair(_, .success(let report)): "answer repair \(report.status.rawValue)"
        case .answerRepair(_, .failure(let error)): "answer repair failed: \(error)"
        case .answerSplashImage(_, let decode): "answer image" + (decode == nil ? " none" : "")
        case .prepareLaunch: "prepare"
        case .observeSnapshots: "observe"
        case .adoptRepairOptions: "adopt options"
        case .runRepair(_, let work, _): "run \(work.word)"
        case .cancelRepair: "cancel run"
        case .decodeSplashImage(_, let image): "decode \(image.word)"
        case .releaseSplashImage: "release image"
        case .submitRefreshRequest(let identifier, let date): "submit \(identifier) \(ISO8601DateFormatter().string(from: date))"
        case .completeRefreshTask(let success): "complete task \(success ? "succeeded" : "failed")"
        case .log(let level, _): "log \(level)"
        }
    }
}

extension Array where Element == LaunchEffect {
    /// Each effect in a few words.
    func lines(_ script: LaunchScript) -> [String] { map { $0.line(script) } }
}

extension SplashBackground {
    fileprivate var word: String {
        switch self {
        case .storyboard: "storyboard"
        case .launchScreen: "launch-screen dictionary"
        case .none: "blank"
        }
    }
}

extension SplashImage {
    /// The variant's id, `placeholder`, or the app's image of a slot.
    var word: String {
        switch source {
        case .variant(let id, _): id
        case .placeholder: "placeholder"
        case .appImage(let slot): "app image \(slot)"
        }
    }
}

extension RepairWork {
    fileprivate var word: String {
        switch self {
        case .launch: "launch repair"
        case .replan: "re-plan"
        case .refresh: "refresh"
        }
    }
}

// MARK: Readings

extension SceneReading {
    /// An iPhone 14 Pro window: 393 × 852 points at 3×, 1179 × 2556 pixels.
    static func phone(_ appearance: Appearance? = .light, landscape: Bool = false, id: String = "phone") -> SceneReading {
        SceneReading(
            id: SceneID(id), role: applicationRole, isOnBuiltInScreen: true, pointWidth: landscape ? 852 : 393,
            pointHeight: landscape ? 393 : 852, scale: 3, nativeScale: 3, appearance: appearance)
    }

    /// A window of a 12.9-inch iPad (2×) of `width` × `height` points: the full screen, a Split
    /// View or Slide Over window, a Stage Manager window.
    static func pad(
        _ width: Double, _ height: Double, _ appearance: Appearance? = .light, id: String, onBuiltInScreen: Bool = true
    ) -> SceneReading {
        SceneReading(
            id: SceneID(id), role: applicationRole, isOnBuiltInScreen: onBuiltInScreen, pointWidth: width, pointHeight: height, scale: 2,
            nativeScale: 2, appearance: appearance)
    }
}

extension ScreenReading {
    /// An iPhone 14 Pro's screen, portrait, light.
    static let phone = ScreenReading(pointWidth: 393, pointHeight: 852, scale: 3, nativeScale: 3, appearance: .light)

    /// A 12.9-inch iPad's screen held in landscape.
    static func pad(_ appearance: Appearance? = .light) -> ScreenReading {
        ScreenReading(pointWidth: 1366, pointHeight: 1024, scale: 2, nativeScale: 2, appearance: appearance)
    }
}

extension AppReading {
    /// An app the user opened, as the scene delegate or a view finds it: a scene connected.
    static let sceneConnected = AppReading(state: .background, connectedScenes: 1)
    /// An app without scenes that the system launched in the background.
    static let inBackground = AppReading(state: .background, connectedScenes: 0)
    /// A SwiftUI `App.init`: the application object is not made yet.
    static let beforeTheApplication = AppReading(state: nil, connectedScenes: 0)
}

extension Clock {
    /// Noon (or `hour`) of `day` in `zone`.
    static func day(_ day: String, hour: Int = 12, zone: String = "UTC") -> Clock {
        let parts = day.split(separator: "-").map { Int($0)! }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        let date = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: hour))!
        return Clock(now: date, timeZone: calendar.timeZone)
    }
}

extension RepairCall {
    /// A call with the default options.
    static func call(
        _ id: Int, app: AppReading = .launching, screen: ScreenReading = .phone, clock: Clock = .day("2026-01-15")
    )
        -> RepairCall
    {
        RepairCall(
            id: CallID(rawValue: id), options: RepairOptionsSummary(RepairOptions()), app: app, screen: screen, clock: clock)
    }
}
