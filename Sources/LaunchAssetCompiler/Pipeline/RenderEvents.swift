/// What a run tells its caller while it works, for a command to show as it happens: findings
/// that do not stop it, notes, and the rendering's progress.
package struct RenderEvents: Sendable {
    /// A finding that does not stop the run, as soon as it is found.
    package var warning: @Sendable (Diagnostic) -> Void = { _ in }
    /// A line about something the run did besides its outputs (the instances a failed render wrote).
    package var note: @Sendable (String) -> Void = { _ in }
    /// Rendering begins, of `total` variants.
    package var renderingStarted: @Sendable (_ total: Int) -> Void = { _ in }
    /// `done` of the variants are rendered.
    package var rendered: @Sendable (_ done: Int) -> Void = { _ in }
    /// Rendering is over, done or failed.
    package var renderingEnded: @Sendable () -> Void = {}

    package init() {}
}
