import Foundation

// BackgroundTasks/BGTask.h: not main-actor isolated.
@available(iOS 13.0, *)
open class BGTask: NSObject {
    // BackgroundTasks/BGTask.h
    open var identifier: String { fatalError() }
    // BackgroundTasks/BGTask.h: a plain (not Sendable) block, called on a background queue.
    open var expirationHandler: (() -> Void)? {
        get { fatalError() }
        set {}
    }
    // BackgroundTasks/BGTask.h
    open func setTaskCompleted(success: Bool) { fatalError() }
}

// BackgroundTasks/BGTask.h
@available(iOS 13.0, *)
open class BGAppRefreshTask: BGTask {}

// BackgroundTasks/BGTask.h
@available(iOS 13.0, *)
open class BGProcessingTask: BGTask {}

// BackgroundTasks/BGTaskRequest.h
@available(iOS 13.0, *)
open class BGTaskRequest: NSObject {
    // BackgroundTasks/BGTaskRequest.h
    open var identifier: String { fatalError() }
    // BackgroundTasks/BGTaskRequest.h
    open var earliestBeginDate: Date? {
        get { fatalError() }
        set {}
    }
}

// BackgroundTasks/BGTaskRequest.h
@available(iOS 13.0, *)
open class BGAppRefreshTaskRequest: BGTaskRequest {
    // BackgroundTasks/BGTaskRequest.h
    public init(identifier: String) { super.init() }
}

// BackgroundTasks/BGTaskRequest.h
@available(iOS 13.0, *)
open class BGProcessingTaskRequest: BGTaskRequest {
    // BackgroundTasks/BGTaskRequest.h
    public init(identifier: String) { super.init() }
    // BackgroundTasks/BGTaskRequest.h
    open var requiresNetworkConnectivity: Bool {
        get { fatalError() }
        set {}
    }
}

// BackgroundTasks/BGTaskScheduler.h: not main-actor isolated.
@available(iOS 13.0, *)
open class BGTaskScheduler: NSObject {
    // BackgroundTasks/BGTaskScheduler.h: BGTaskSchedulerErrorCode
    public enum Error: Int, Swift.Error, Sendable {
        case unavailable = 1
        case tooManyPendingTaskRequests = 2
        case notPermitted = 3
    }

    // BackgroundTasks/BGTaskScheduler.h
    open class var shared: BGTaskScheduler { fatalError() }

    // BackgroundTasks/BGTaskScheduler.h: the launch handler is a plain block, neither @Sendable nor
    // isolated, called on `queue` (`nil`: a background queue of the system's). Register before the
    // app finishes launching, once per identifier: a second registration raises an exception.
    @available(iOSApplicationExtension, unavailable)
    open func register(
        forTaskWithIdentifier identifier: String, using queue: DispatchQueue?, launchHandler: @escaping (BGTask) -> Void
    ) -> Bool { fatalError() }

    // BackgroundTasks/BGTaskScheduler.h
    open func submit(_ taskRequest: BGTaskRequest) throws { fatalError() }
    // BackgroundTasks/BGTaskScheduler.h
    open func cancel(taskRequestWithIdentifier identifier: String) { fatalError() }
    // BackgroundTasks/BGTaskScheduler.h
    open func getPendingTaskRequests(completionHandler: @escaping @Sendable ([BGTaskRequest]) -> Void) { fatalError() }
}
