import Foundation

/// JSON as the generator writes it for people, diffs and scripts (`manifest.json`, `shard.json`,
/// `Contents.json`, the summaries `--json` prints): pretty-printed, keys sorted so that equal
/// values give equal bytes, slashes as written, and a closing newline.
package enum PrettyJSON {
    /// `value` as pretty JSON. The generator encodes strings, integers, booleans and finite
    /// numbers only, which cannot fail to encode.
    package static func data(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try! encoder.encode(value)) + Data("\n".utf8)
    }

    /// ``data(_:)`` as text, without its closing newline (`print` adds one).
    package static func text(_ value: some Encodable) -> String {
        String(decoding: data(value).dropLast(), as: UTF8.self)
    }
}
