import ArgumentParser
import Foundation
import LaunchAssetCompiler

/// `launch-assets keygen`: a new Ed25519 key pair for signing remote layouts.
struct KeygenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keygen",
        abstract: "Make the Ed25519 key pair that signs remote layouts.",
        discussion: """
            Writes the private key to --output: one line, the base64 of its 32 raw bytes, readable by its owner \
            only (mode 0600); an existing file is never overwritten. Prints the public key (base64) on standard \
            output: it goes into launch-assets.json as "remote": { "publicKey": … }. `launch-assets publish --key` \
            signs with the private key; keep it out of the repository (in your CI's secrets): the app never needs it.
            """
    )

    @Option(help: ArgumentHelp("The private key file to create.", valueName: "file"))
    var output: String

    func run() throws {
        let key = SigningKey()
        try key.write(to: URL(fileURLWithPath: output))
        print(key.publicKeyBase64)
        StandardError.write(
            """
            Wrote the private key to \(output) (mode 0600): keep it secret; `launch-assets publish --key \(output)` signs with it.
            The public key above goes into launch-assets.json: "remote": { "url": "https://…", "publicKey": "\(key.publicKeyBase64)" }
            """)
    }
}
