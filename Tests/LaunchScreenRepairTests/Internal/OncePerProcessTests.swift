import Foundation
import Testing

@testable import LaunchScreenRepair

/// One piece of work per process, shared by every caller, and what cancelling a caller does to it.
@Suite("Once per process")
struct OncePerProcessTests {
    /// Work that runs until it is cancelled (or for five seconds) and says which.
    static func untilCancelled(_ starts: Counter) -> @Sendable () async -> Bool {
        {
            starts.increment()
            for _ in 0..<500 {
                if Task.isCancelled { return true }
                try? await Task.sleep(nanoseconds: 10_000_000)
            }
            return false
        }
    }

    @Test("twenty callers at once start the work once and all get its outcome")
    func twentyCallers() async {
        let once = OncePerProcess<Int>()
        let starts = Counter()
        let values = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    await once.value {
                        starts.increment()
                        try? await Task.sleep(nanoseconds: 20_000_000)
                        return 42
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(values == Array(repeating: 42, count: 20))
        #expect(starts.value == 1)
        #expect(await once.value { 7 } == 42)
    }

    @Test("cancelling the only caller cancels the work")
    func onlyCallerCancelled() async {
        let once = OncePerProcess<Bool>()
        let starts = Counter()
        let caller = Task { await once.value(Self.untilCancelled(starts)) }
        try? await Task.sleep(nanoseconds: 50_000_000)
        caller.cancel()
        #expect(await caller.value == true)
        #expect(starts.value == 1)
    }

    @Test("cancelling one of two callers leaves the work going for the other")
    func oneOfTwoCancelled() async {
        let once = OncePerProcess<Bool>()
        let starts = Counter()
        let work = Self.untilCancelled(starts)
        let first = Task { await once.value(work) }
        let second = Task { await once.value(work) }
        try? await Task.sleep(nanoseconds: 50_000_000)
        first.cancel()
        try? await Task.sleep(nanoseconds: 100_000_000)
        #expect(once.isStarted)
        // The work is still going: cancelling the last caller now cancels it.
        second.cancel()
        #expect(await second.value == true)
        #expect(await first.value == true)
        #expect(starts.value == 1)
    }
}
