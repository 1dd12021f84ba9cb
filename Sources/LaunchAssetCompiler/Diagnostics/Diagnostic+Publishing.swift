import Foundation

// What `publish` can be given that it cannot publish. Each factory words one finding.
extension Diagnostic {
    /// The signing key in `keyFile` is not the one `remote.publicKey` of the settings `configuration` names.
    static func signingKeyMismatch(keyFile: String, configuration: String) -> Diagnostic {
        Diagnostic(file: keyFile, message: "is not the key of remote.publicKey in \(configuration): devices would refuse what it signs")
    }

    /// No layout of the folder `layouts` is delivered remotely.
    static func nothingToPublish(layouts: URL) -> Diagnostic {
        Diagnostic(
            file: layouts.relativePathForDisplay,
            message: "no layout is delivered remotely: give a layout \"delivery\": \"remote\", or name it with --remote-layout "
                + "(or remoteLayouts in launch-assets.json); `publish --disable` publishes the kill switch")
    }

    /// The signed manifest of `variants` variants would take `size`, more than the `limit` a device accepts.
    static func publishedManifestTooLarge(size: String, limit: String, variants: Int, layouts: URL) -> Diagnostic {
        Diagnostic(
            file: layouts.relativePathForDisplay,
            message: "the signed manifest.json would be \(size), more than the \(limit) a device accepts (\(variants) variants): "
                + "publish fewer layouts or languages at a time (--layout, \"languages\" in launch-assets.json), or fewer devices")
    }
}
