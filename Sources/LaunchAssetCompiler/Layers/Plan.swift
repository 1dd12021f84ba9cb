import LaunchScreenRepair

/// The checked inputs and the variants they expand to.
public struct Plan: Sendable {
    public var layouts: [SeasonalLayout]
    public var catalog: DeviceCatalog
    public var screens: [Screen]
    public var variants: [PlannedVariant]
    /// The templates the variants were instantiated from.
    public var templates: TemplateLibrary
    /// Findings that do not stop the render (schedule gaps and overlaps, font fallbacks).
    public var warnings: [Diagnostic]
    /// The font families the layouts' templates name and what they resolve to; `nil` when
    /// the instances were not checked.
    public var fonts: FontReport?

    /// The layouts delivered remotely.
    public var remoteLayouts: [SeasonalLayout] { layouts.filter { $0.delivery == .remote } }

    /// Checks that layouts delivered remotely have somewhere to come from: without a
    /// source, an app could never fetch them.
    public func checkRemoteSource(_ source: RemoteLayoutSource?) throws(CompilerError) {
        guard source == nil, let first = remoteLayouts.first else { return }
        let finding = Diagnostic.remoteLayoutsWithoutSource(remoteLayouts.map(\.id))
        // Placed at the layout's "delivery" when its file says so; a command-line choice has no place.
        throw CompilerError(first.positions["delivery"] != nil ? first.diagnostic(at: "delivery", finding) : finding)
    }
}
