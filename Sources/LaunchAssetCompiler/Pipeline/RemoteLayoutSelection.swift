import LaunchScreenRepair

/// Layouts a build delivers remotely whatever their files say (`render --remote-layout`, or
/// `remoteLayouts` in `launch-assets.json`), and where each was named, for errors.
public struct RemoteLayoutSelection: Sendable {
    /// The layout ids.
    public var ids: [String]
    /// An error about `ids[index]`, placed where it was named.
    private var place: @Sendable (_ index: Int, _ message: String) -> Diagnostic

    /// Ids given on the command line with `option`.
    public static func commandLine(_ ids: [String], option: String = "--remote-layout") -> RemoteLayoutSelection {
        RemoteLayoutSelection(ids: ids) { index, message in Diagnostic(path: "\(option) \(ids[index])", message: message) }
    }

    /// The configuration's `remoteLayouts`, if it has any.
    public static func configuration(_ configuration: TargetConfiguration) -> RemoteLayoutSelection? {
        guard let ids = configuration.remoteLayouts, !ids.isEmpty else { return nil }
        return RemoteLayoutSelection(ids: ids) { index, message in configuration.diagnostic(at: "remoteLayouts[\(index)]", message) }
    }

    /// Marks the selected layouts remote. Every id must name a layout (among `layouts`, before
    /// any `--layout` filter) other than the fallback, which a device offline on its first
    /// launch needs.
    func apply(to layouts: inout [SeasonalLayout]) throws(CompilerError) {
        let known = layouts.map(\.id)
        var errors: [Diagnostic] = []
        for (index, id) in ids.enumerated() {
            guard let position = layouts.firstIndex(where: { $0.id == id }) else {
                errors.append(place(index, "no layout with id \"\(id)\" (found: \(known.sorted().joined(separator: ", ")))"))
                continue
            }
            guard !layouts[position].isFallback else {
                errors.append(
                    place(
                        index,
                        "\"\(id)\" is the fallback layout (\(layouts[position].file) has no schedule): it must be bundled, "
                            + "a device offline on its first launch has nothing else to show"
                    ))
                continue
            }
            layouts[position].delivery = .remote
        }
        guard errors.isEmpty else { throw CompilerError(errors) }
    }
}
