import Testing

@testable import LaunchScreenRepair

/// The system ends an app that registers a refresh identifier twice, or after its launch.
@Suite("Registering the refresh task")
struct BackgroundRefreshRegistrationTests {
    @Test("the first registration goes ahead; a second of the same identifier does not")
    func once() {
        let registration = BackgroundRefreshRegistration()
        #expect(registration.decide("com.example.refresh") == .register)
        #expect(registration.decide("com.example.refresh") == .alreadyRegistered)
        #expect(registration.identifier == "com.example.refresh")
    }

    @Test("after the launch finished nothing is registered")
    func afterLaunch() {
        let registration = BackgroundRefreshRegistration()
        registration.launchDidFinish()
        #expect(registration.decide("com.example.refresh") == .launchFinished)
        #expect(registration.identifier == nil)
    }

    @Test("an app delegate and an App.init registering at once: exactly one registration")
    func concurrentCallers() async {
        let registration = BackgroundRefreshRegistration()
        let decisions = await withTaskGroup(of: BackgroundRefreshRegistration.Decision.self) { group in
            for _ in 0..<16 { group.addTask { registration.decide("com.example.refresh") } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(decisions.filter { $0 == .register }.count == 1)
        #expect(decisions.filter { $0 == .alreadyRegistered }.count == 15)
    }
}
