/// The generator's version, stamped into every manifest it writes.
public enum GeneratorVersion {
    /// The semantic version of this build of `launch-assets`.
    public static let current = "0.1.0"

    /// How the manifest's `generator` field names this build.
    public static var manifestName: String { "launch-assets \(current)" }
}
