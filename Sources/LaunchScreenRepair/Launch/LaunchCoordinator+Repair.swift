import Foundation

extension LaunchCoordinator {
    // MARK: The launch

    /// A call that needs the launch: the preparation starts now, off the main thread, or, for an
    /// app without scenes launched in the background, once the user opens it.
    mutating func startLaunch(screen: ScreenReading, app: AppReading, _ effects: inout [LaunchEffect]) {
        guard preparation == .notStarted else { return }
        self.screen = screen
        // Only an app without scenes can tell a background launch this early: a scene app is in
        // the background at launch even when the user launched it.
        guard configuration.usesScenes || app.state != .background else {
            preparation = .waitingForForeground
            return
        }
        prepare(&effects)
    }

    private mutating func prepare(_ effects: inout [LaunchEffect]) {
        preparation = .running
        effects.append(.prepareLaunch(environment(), screen: screen?.pixelSizes ?? []))
    }

    mutating func launchPrepared(_ prepared: LaunchPreparation, _ effects: inout [LaunchEffect]) {
        preparation = .done
        placeholder = prepared.placeholder
        observation = prepared.observation
        decideWaitingSplashes(&effects)
        awaitIdleIfReady(&effects)
    }

    mutating func becameActive(_ screen: ScreenReading, _ clock: Clock, _ effects: inout [LaunchEffect]) {
        isActive = true
        launchFinished = true
        self.clock = clock
        if preparation == .waitingForForeground {
            self.screen = screen
            prepare(&effects)
        }
        awaitIdleIfReady(&effects)
    }

    // MARK: The launch's repair

    mutating func requestRepair(_ call: RepairCall, _ effects: inout [LaunchEffect]) {
        note(call.app)
        clock = call.clock
        if let options = launchRepair.options {
            if options != call.options {
                effects.append(.log(.fault, "repairOnLaunch called again with other options: the first call's are used for this process"))
            }
        } else {
            launchRepair.options = call.options
            effects.append(.adoptRepairOptions(call.id))
        }
        startLaunch(screen: call.screen, app: call.app, &effects)
        switch launchRepair.phase {
        case .finished(let result):
            effects.append(.answerRepair(call.id, result))
        case .notRequested:
            launchRepair.phase = .waiting
            launchRepair.waitingCalls.append(call.id)
            awaitIdleIfReady(&effects)
        case .waiting, .awaitingIdle, .running:
            launchRepair.waitingCalls.append(call.id)
        }
    }

    /// A task awaiting the repair was cancelled: it is answered at once; the run stops, between
    /// files, once no call waits for it (a completion handler's call always does).
    mutating func cancelRepairCall(_ call: CallID, _ effects: inout [LaunchEffect]) {
        guard let index = launchRepair.waitingCalls.firstIndex(of: call) else { return }
        launchRepair.waitingCalls.remove(at: index)
        effects.append(.answerRepair(call, .failure(.cancelled)))
        guard launchRepair.waitingCalls.isEmpty else { return }
        switch launchRepair.phase {
        case .running(let work): effects.append(.cancelRepair(work))
        // Not begun: the next call starts it afresh.
        case .waiting, .awaitingIdle: launchRepair.phase = .notRequested
        case .notRequested, .finished: break
        }
    }

    /// Once asked for, prepared and active: wait for the main run loop to be idle.
    private mutating func awaitIdleIfReady(_ effects: inout [LaunchEffect]) {
        guard launchRepair.phase == .waiting, preparation == .done, isActive else { return }
        launchRepair.phase = .awaitingIdle
        effects.append(.awaitMainRunLoopIdle)
    }

    /// The main run loop is idle: the launch's repair runs, on a utility queue, inside a
    /// background task so that leaving the app does not freeze it halfway.
    mutating func startLaunchRepair(_ effects: inout [LaunchEffect]) {
        guard launchRepair.phase == .awaitingIdle else { return }
        let work = newWork()
        launchRepair.phase = .running(work)
        runInBackgroundTask(work, named: "LaunchScreenRepair launch", .launch(placeholder: placeholder), &effects)
    }

    /// The app moved to the background: a season that began while it was in memory is put in
    /// place before the next cold launch, once the launch's own repair is done.
    mutating func enteredBackground(_ clock: Clock, _ effects: inout [LaunchEffect]) {
        isActive = false
        self.clock = clock
        guard case .finished = launchRepair.phase, replan == nil else { return }
        let work = newWork()
        replan = work
        runInBackgroundTask(work, named: "LaunchScreenRepair re-plan", .replan, &effects)
    }

    private mutating func runInBackgroundTask(
        _ work: WorkID, named name: String, _ kind: RepairWork, _ effects: inout [LaunchEffect]
    ) {
        backgroundTasks.insert(work)
        effects.append(.beginBackgroundTask(work, name: name))
        effects.append(.runRepair(work, kind, environment()))
    }

    /// The system ends the background time: the work stops between files, and the task ends now.
    mutating func backgroundTaskExpired(_ work: WorkID, _ effects: inout [LaunchEffect]) {
        guard backgroundTasks.remove(work) != nil else { return }
        effects.append(.cancelRepair(work))
        effects.append(.endBackgroundTask(work))
    }

    mutating func repairFinished(_ work: WorkID, _ result: Result<RepairReport, RepairError>, _ effects: inout [LaunchEffect]) {
        if backgroundTasks.remove(work) != nil { effects.append(.endBackgroundTask(work)) }
        if launchRepair.phase == .running(work) {
            launchRepair.phase = .finished(result)
            for call in launchRepair.waitingCalls { effects.append(.answerRepair(call, result)) }
            launchRepair.waitingCalls = []
        }
        if replan == work { replan = nil }
        if refreshRun?.work == work { finishRefresh(result, &effects) }
        // A run that got as far as the snapshots may have written them, or stored a remote layout.
        if case .success(let report) = result, report.status == .completed || report.status == .noSnapshots {
            observeSnapshots(&effects)
        }
        submitRefreshRequest(&effects)
    }

    // MARK: Readings of the snapshots

    /// The snapshots changed: scenes that appear from now on are decided from a new reading.
    mutating func observeSnapshots(_ effects: inout [LaunchEffect]) {
        pendingObservations += 1
        effects.append(.observeSnapshots)
    }

    mutating func snapshotsObserved(_ observation: SnapshotObservation?, _ effects: inout [LaunchEffect]) {
        pendingObservations = max(0, pendingObservations - 1)
        self.observation = observation
        decideWaitingSplashes(&effects)
    }

    /// Whether the snapshots' reading is current: scenes are decided from it.
    var snapshotsAreKnown: Bool { preparation == .done && pendingObservations == 0 }
}

/// The launch's repair: once per process, shared by every call.
struct LaunchRepairState: Sendable, Hashable {
    enum Phase: Sendable, Hashable {
        /// No call asked for it.
        case notRequested
        /// Asked for: waits for the preparation and for the app to be active.
        case waiting
        /// Waits for the main run loop to be idle.
        case awaitingIdle
        /// Running.
        case running(WorkID)
        /// Done; later calls get this outcome.
        case finished(Result<RepairReport, RepairError>)
    }

    var phase = Phase.notRequested
    /// The first call's options, which the process uses.
    var options: RepairOptionsSummary?
    /// Calls waiting for the outcome.
    var waitingCalls: [CallID] = []
}
