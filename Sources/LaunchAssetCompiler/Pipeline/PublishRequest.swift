import Foundation
import LaunchScreenRepair

/// `launch-assets publish` as a command asks for it: the inputs and rendering options resolved
/// as a render resolves them (``RenderRequest``), the signing key read and checked against the
/// settings' `remote.publicKey`, and the folder to write.
package struct PublishRequest: Sendable {
    /// The inputs, the compression level, the jobs and the cache.
    package var render: RenderRequest
    package var key: SigningKey
    /// The folder to write (replaced whole), and its name as the command line gave it.
    package var output: URL
    package var outputName: String
    /// The manifest's `published`: seconds since 1970.
    package var published: Int
    /// Whether the kill switch is published instead of the layouts.
    package var disable: Bool

    /// The request `options` describe, signed with the key file `key`, into `output`.
    package init(_ options: RenderRequest.Options, key: String, output: String, published: Int, disable: Bool) throws(CompilerError) {
        self.key = try SigningKey(contentsOf: URL(fileURLWithPath: key))
        render = try RenderRequest(options)
        if let configuration = render.configuration, let expected = configuration.remoteSource?.publicKey,
            expected != self.key.publicKeyBase64
        {
            throw CompilerError(.signingKeyMismatch(keyFile: key, configuration: configuration.file))
        }
        self.output = URL(fileURLWithPath: output).standardizedFileURL
        outputName = output
        self.published = published
        self.disable = disable
    }
}
