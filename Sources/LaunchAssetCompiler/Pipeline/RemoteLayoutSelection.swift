import LaunchScreenRepair

/// Layouts a build delivers remotely whatever their files say (`render --remote-layout`, or
/// `remoteLayouts` in `launch-assets.json`), and where each was named, for errors.
public struct RemoteLayoutSelection: Sendable {
    /// The layout ids.
    public var ids: [String]
    /// A finding about `ids[index]`, placed where it was named.
    private var place: @Sendable (_ index: Int, _ finding: Diagnostic) -> Diagnostic

    /// Ids given on the command line with `option`.
    public static func commandLine(_ ids: [String], option: String = "--remote-layout") -> RemoteLayoutSelection {
        RemoteLayoutSelection(ids: ids) { index, finding in finding.placed(file: nil, path: "\(option) \(ids[index])") }
    }

    /// The configuration's `remoteLayouts`, if it has any.
    public static func configuration(_ configuration: TargetConfiguration) -> RemoteLayoutSelection? {
        guard let ids = configuration.remoteLayouts, !ids.isEmpty else { return nil }
        return RemoteLayoutSelection(ids: ids) { index, finding in configuration.diagnostic(at: "remoteLayouts[\(index)]", finding) }
    }

    /// Marks the selected layouts remote. Every id must name a layout (among `layouts`, before
    /// any `--layout` filter) other than the fallback, which a device offline on its first
    /// launch needs.
    func apply(to layouts: inout [SeasonalLayout]) throws(CompilerError) {
        let known = layouts.map(\.id)
        var errors: [Diagnostic] = []
        for (index, id) in ids.enumerated() {
            guard let position = layouts.firstIndex(where: { $0.id == id }) else {
                errors.append(place(index, .unknownLayouts([id], known: known)))
                continue
            }
            guard !layouts[position].isFallback else {
                errors.append(place(index, .fallbackDeliveredRemotely(id, file: layouts[position].file)))
                continue
            }
            layouts[position].delivery = .remote
        }
        guard errors.isEmpty else { throw CompilerError(errors) }
    }
}
