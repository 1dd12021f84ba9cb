import LaunchAssetCompiler

extension RenderEvents {
    /// A run's warnings and notes on standard error as they come, and its rendering on `progress`.
    static func standardError(_ progress: ProgressLine) -> RenderEvents {
        var events = RenderEvents()
        events.warning = { StandardError.write($0.description) }
        events.note = { StandardError.write($0) }
        events.renderingStarted = { progress.start(total: $0) }
        events.rendered = { progress.update($0) }
        events.renderingEnded = { progress.finish() }
        return events
    }
}
