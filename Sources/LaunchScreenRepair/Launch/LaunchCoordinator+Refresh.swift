import Foundation

extension LaunchCoordinator {
    /// The module's refresh task may be registered once per identifier, and only while the app
    /// is launching: `BGTaskScheduler` ends an app that registers an identifier twice, or after
    /// `application(_:didFinishLaunchingWithOptions:)` returned, which is where an app set up in
    /// its scene delegate, in `.onAppear` or on a scene-phase change would call it.
    mutating func registerRefresh(_ identifier: String, app: AppReading, _ effects: inout [LaunchEffect]) {
        note(app)
        guard !launchFinished else {
            effects.append(
                .log(
                    .fault,
                    "registerBackgroundRefresh(identifier: \"\(identifier)\") called after the app finished launching: not "
                        + "registered (BGTaskScheduler ends an app that registers late); call it in "
                        + "application(_:didFinishLaunchingWithOptions:) or the App's init"))
            return
        }
        guard !refreshIdentifiers.contains(identifier) else {
            effects.append(.log(.debug, "refresh task \(identifier) is registered already"))
            return
        }
        refreshIdentifiers.append(identifier)
        effects.append(.registerRefreshTask(identifier: identifier))
    }

    /// The system started the refresh task: today's repair, the remote layouts' fetch and a
    /// re-plan when it brought today's layout. The request that started it is used up.
    mutating func startRefresh(_ clock: Clock, _ effects: inout [LaunchEffect]) {
        self.clock = clock
        submittedRefresh = nil
        let work = newWork()
        refreshRun = RefreshRun(work: work)
        effects.append(.runRepair(work, .refresh, environment()))
    }

    /// The task's time is up: the work stops between files, and the task is completed at once,
    /// not after the work has unwound (the system allows only a short grace).
    mutating func expireRefresh(_ effects: inout [LaunchEffect]) {
        guard let run = refreshRun, !run.completed else { return }
        refreshRun?.completed = true
        effects.append(.cancelRepair(run.work))
        effects.append(.completeRefreshTask(success: false))
    }

    /// The refresh's run ended: the task is completed, once; a run that was deferred (the phone
    /// locked, the data protected) or met another did not do its work.
    mutating func finishRefresh(_ result: Result<RepairReport, RepairError>, _ effects: inout [LaunchEffect]) {
        guard let run = refreshRun else { return }
        refreshRun = nil
        guard !run.completed else { return }
        let success =
            switch result {
            case .success(let report): report.status != .deferred && report.status != .busy
            case .failure: false
            }
        effects.append(.completeRefreshTask(success: success))
    }

    /// Asks for the refresh task at the next season change, in the time zone the device is in
    /// now, when an identifier is registered and that date is not the one already asked for.
    mutating func submitRefreshRequest(_ effects: inout [LaunchEffect]) {
        guard let identifier = refreshIdentifiers.first, let next = nextSeasonChange(), next != submittedRefresh else { return }
        submittedRefresh = next
        effects.append(.submitRefreshRequest(identifier: identifier, earliestBegin: next))
    }

    /// The next local midnight at which another layout is active, remote layouts included once read.
    func nextSeasonChange() -> Date? {
        let layouts = (observation?.manifest ?? configuration.manifest).layouts
        return SeasonCalendar(layouts: layouts).nextChange(after: clock.now, timeZone: clock.timeZone)
    }
}

/// The refresh task's run.
struct RefreshRun: Sendable, Hashable {
    /// Its repair.
    var work: WorkID
    /// Whether the task was completed (it expired before the run ended).
    var completed = false
}
