import Foundation
import TestSupport
import Testing

@testable import LaunchScreenRepair

/// A splash on screen: its time, VoiceOver, decodes slower than the first frame or failing,
/// trait changes, the key window, the app's language.
extension LaunchScenarios {
    /// A script with the winter images in place and a splash shown in the phone's scene.
    func showing(
        _ request: SplashRequest, voiceOver: Bool = false, background: SplashBackground = .storyboard(name: "LaunchScreen"),
        device: RepairEnvironment = .phone()
    ) throws -> (LaunchScript, [LaunchEffect]) {
        try afterALaunch()
        var script = try LaunchScript(container, catalog, device: device, background: background)
        script.send(.voiceOverChanged(running: voiceOver))
        script.send(.repairRequested(.call(1, app: .sceneConnected)))
        let shown = script.send(.splashRequested(.phone(), request, screen: .phone, app: .sceneConnected, clock: .day("2026-01-15")))
        return (script, shown)
    }

    static let phone = SceneID("phone")

    // MARK: VoiceOver

    @Test("VoiceOver on, a timed splash with a skip button: it waits past its time for the button, and ends when VoiceOver stops")
    func voiceOverWithSkip() throws {
        defer { container.folder.remove() }
        var (script, _) = try showing(Self.splash(2, skippable: true), voiceOver: true)
        #expect(script.send(.timerFired(Self.phone, appIsPresenting: false)).lines(script) == ["skip phone [Skip 1]", "timer phone 1.0"])
        // Its time is up: the button loses its count, the splash stays
        #expect(script.send(.timerFired(Self.phone, appIsPresenting: false)).lines(script) == ["skip phone [Skip]", "timer phone 1.0"])
        #expect(script.send(.timerFired(Self.phone, appIsPresenting: false)).lines(script) == ["timer phone 1.0"])
        #expect(script.send(.voiceOverChanged(running: false)).lines(script) == ["dismiss phone", "announce nothing"])
    }

    @Test("VoiceOver on, a timed splash without a skip button: it ends on time, with nothing to wait for (before: never)")
    func voiceOverWithoutSkip() throws {
        defer { container.folder.remove() }
        var (script, shown) = try showing(Self.splash(2), voiceOver: true)
        #expect(shown.lines(script).first == "show phone storyboard")
        #expect(script.send(.timerFired(Self.phone, appIsPresenting: false)).lines(script) == ["timer phone 1.0"])
        #expect(script.send(.timerFired(Self.phone, appIsPresenting: false)).lines(script) == ["dismiss phone", "announce nothing"])
    }

    @Test("VoiceOver off: a timed splash with a skip button ends on time; the button ends it before")
    func voiceOverOff() throws {
        defer { container.folder.remove() }
        var (script, _) = try showing(Self.splash(2, skippable: true))
        script.send(.timerFired(Self.phone, appIsPresenting: false))
        #expect(
            script.send(.timerFired(Self.phone, appIsPresenting: false)).lines(script) == [
                "skip phone [Skip]", "dismiss phone", "announce nothing",
            ])
        var (skipped, _) = try showing(Self.splash(5, skippable: true))
        #expect(skipped.send(.skipTapped(Self.phone)).lines(skipped) == ["dismiss phone", "announce nothing"])
        #expect(skipped.send(.timerFired(Self.phone, appIsPresenting: false)).isEmpty)
    }

    @Test("the app presents a view controller under an untimed splash: it ends within the second")
    func presentingEndsIt() throws {
        defer { container.folder.remove() }
        var (script, shown) = try showing(Self.splash())
        #expect(shown.lines(script).last == "timer phone 1.0")
        #expect(script.send(.timerFired(Self.phone, appIsPresenting: false)).lines(script) == ["timer phone 1.0"])
        #expect(script.send(.timerFired(Self.phone, appIsPresenting: true)).lines(script) == ["dismiss phone", "announce nothing"])
    }

    // MARK: Durations

    @Test("durations of 0, 0.5, infinity and NaN: at once, at half a second, never by itself, at once; none traps")
    func durations() throws {
        defer { container.folder.remove() }
        try afterALaunch()
        for (duration, first, ends) in [(0.0, 0.0, true), (0.5, 0.5, true), (.infinity, 1.0, false), (.nan, 0.0, true), (-3, 0.0, true)] {
            var script = try LaunchScript(container, catalog)
            let shown = script.send(
                .splashRequested(
                    .phone(), Self.splash(duration, skippable: true), screen: .phone, app: .sceneConnected, clock: .day("2026-01-15")))
            #expect(shown.lines(script).contains("timer phone \(first)"), "\(duration): \(shown.lines(script))")
            let fired = script.send(.timerFired(Self.phone, appIsPresenting: false)).lines(script)
            #expect(fired.contains("dismiss phone") == ends, "\(duration): \(fired)")
        }
        #expect(SplashCountdown(duration: 1e300).secondsToShow == 999_999)
        #expect(SplashCountdown(duration: 2.5).secondsToShow == 3 && SplashCountdown(duration: 2.5).secondsToNextChange == 0.5)
    }

    // MARK: Decoding

    @Test("a decode slower than the first frame: the launch screen until it ends, then the image dissolves in; the timer runs meanwhile")
    func slowDecode() throws {
        defer { container.folder.remove() }
        var (script, shown) = try showing(Self.splash(3))
        #expect(shown.lines(script).first == "show phone storyboard")
        #expect(script.send(.timerFired(Self.phone, appIsPresenting: false)).lines(script) == ["timer phone 1.0"])
        #expect(script.finishDecodes().lines(script) == ["show image phone", "release image"])
    }

    @Test("a decode that fails: the launch screen stays; in an app with none to draw, the splash ends rather than staying blank")
    func failedDecode() throws {
        defer { container.folder.remove() }
        var (script, _) = try showing(Self.splash(3))
        #expect(script.failDecodes().lines(script) == ["release image"])
        #expect(script.send(.timerFired(Self.phone, appIsPresenting: false)).lines(script) == ["timer phone 1.0"])
        var (blank, shown) = try showing(Self.splash(3), background: .none)
        #expect(shown.lines(blank).first == "show phone blank")
        #expect(blank.failDecodes().lines(blank) == ["dismiss phone at once", "announce nothing", "release image"])
    }

    @Test("a SwiftUI overlay whose decode fails shows the launch screen, not nothing")
    func failedDecodeInSwiftUI() throws {
        defer { container.folder.remove() }
        var (script, shown) = try showing(Self.splash(0.8, host: .view))
        #expect(shown.lines(script).first == "show phone storyboard")
        #expect(script.failDecodes().lines(script) == ["release image"])
    }

    // MARK: Traits

    @Test("dark mode switched on during the splash: the dark image of the season the user saw, though the repair wrote the next")
    func darkModeSwitch() async throws {
        defer { container.folder.remove() }
        try afterALaunch(on: "2026-02-28")
        var script = try LaunchScript(container, catalog, clock: .day("2026-03-01"))
        script.send(.repairRequested(.call(1, app: .active, clock: .day("2026-03-01"))))
        script.send(.splashRequested(.phone(), Self.splash(3), screen: .phone, app: .sceneConnected, clock: .day("2026-03-01")))
        script.finishDecodes()
        // The first day of spring: the repair writes spring while the splash shows winter
        script.send(.mainRunLoopIdle)
        await script.finishRepairs()
        #expect(
            script.send(.traitsChanged(.phone(.dark), appInBackground: false)).lines(script) == [
                "decode winter-phone-1179x2556-portrait-dark"
            ])
        #expect(script.finishDecodes().lines(script) == ["show image phone", "release image"])
    }

    @Test("the app-switcher's light and dark snapshots in the background change nothing; of two quick switches the last one wins")
    func traitFlips() throws {
        defer { container.folder.remove() }
        var (script, _) = try showing(Self.splash())
        script.finishDecodes()
        #expect(script.send(.traitsChanged(.phone(.dark), appInBackground: true)).isEmpty)
        #expect(script.send(.traitsChanged(.phone(.light), appInBackground: true)).isEmpty)
        // Two switches in the foreground before the first decode ends
        script.send(.traitsChanged(.phone(.dark), appInBackground: false))
        script.send(.traitsChanged(.phone(.light), appInBackground: false))
        #expect(script.decodes.map(\.image.word) == ["winter-phone-1179x2556-portrait-dark", "winter-phone-1179x2556-portrait-light"])
        // The dark decode ends last but is no longer awaited: only the light one is shown
        #expect(script.finishDecodes().lines(script) == ["release image", "show image phone", "release image"])
    }

    // MARK: The key window

    @Test("dismissal hands key status back only when the splash's window holds it (another window the app made key keeps it)")
    func keyWindow() throws {
        defer { container.folder.remove() }
        var (script, _) = try showing(Self.splash())
        #expect(script.send(.dismissRequested(Self.phone, animated: true)).lines(script) == ["dismiss phone", "announce nothing"])
        var (keyed, _) = try showing(Self.splash())
        keyed.send(.splashKeyChanged(Self.phone, isKey: true))
        #expect(
            keyed.send(.dismissRequested(Self.phone, animated: true)).lines(keyed) == [
                "dismiss phone handing back key", "announce nothing",
            ])
    }

    @Test("a scene that disconnects takes its splash with it, at once")
    func sceneDisconnects() throws {
        defer { container.folder.remove() }
        var (script, _) = try showing(Self.splash())
        #expect(script.send(.sceneDisconnected(Self.phone)).lines(script) == ["dismiss phone at once", "announce nothing"])
    }

    // MARK: Language

    @Test("a language change: the new process speaks the new language; the slot the system redrew shows its storyboard")
    func languageChange() async throws {
        defer { container.folder.remove() }
        let installed = try container.installRealAAPL()
        #expect(try repair(.phone()).files(.replaced).count == 4)
        // Given the user switched the phone to German: the system wiped the snapshots and redrew the current one
        for (name, fixture) in installed where fixture.dark || fixture.width > fixture.height {
            try FileManager.default.removeItem(at: container.snapshots.appendingPathComponent(name))
        }
        for (name, fixture) in installed where !fixture.dark && fixture.width < fixture.height {
            try container.write(try fixtures.data("snapshots/\(fixture.name)"), as: name)
        }
        var german = RepairEnvironment.phone()
        german.language = "de"
        var script = try LaunchScript(container, catalog, device: german)
        script.send(.repairRequested(.call(1, app: .active)))
        let shown = script.send(
            .splashRequested(.phone(), Self.splash(3, skippable: true), screen: .phone, app: .sceneConnected, clock: .day("2026-01-15")))
        #expect(shown.lines(script) == ["show phone storyboard [Überspringen 3]", "announce phone", "timer phone 1.0"])
        script.send(.mainRunLoopIdle)
        #expect(script.repairs.first?.environment.language == "de")
    }

    @Test("the skip button speaks the app's language: an English-only app on a German device says Skip")
    func skipButtonLanguage() {
        #expect(SkipButtonWords(language: "en").skip == "Skip")
        #expect(SkipButtonWords(language: "de").button(secondsLeft: 2) == SkipButton(title: "Überspringen 2", label: "Überspringen"))
        #expect(SkipButtonWords(language: "zh-Hant-HK").skip == "略過" && SkipButtonWords(language: "zh-TW").skip == "略過")
        #expect(SkipButtonWords(language: "zh").skip == "跳过" && SkipButtonWords(language: "pt-BR").skip == "Pular")
        #expect(SkipButtonWords(language: "tlh").skip == "Skip" && SkipButtonWords(language: nil).skip == "Skip")
        // VoiceOver reads the word alone, which does not change each second
        #expect(SkipButtonWords(language: "fr").button(secondsLeft: 5).label == "Passer")
    }
}
