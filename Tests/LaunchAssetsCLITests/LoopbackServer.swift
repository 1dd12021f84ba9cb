import Foundation

/// The committed test server (`Tests/LaunchScreenRepairTests/Fixtures/remote/loopback-server.py`)
/// run with python3 on 127.0.0.1, serving a folder named `published` over real HTTP (with Range)
/// to the `launch-assets` binary, and misbehaving per path when told to (see the script).
final class LoopbackServer: @unchecked Sendable {
    static let script = CLIRunner.packageRoot.appendingPathComponent("Tests/LaunchScreenRepairTests/Fixtures/remote/loopback-server.py")

    let port: Int
    private let process = Process()
    private let control: URL

    /// The served folder's URL.
    var url: String { "http://127.0.0.1:\(port)/published" }

    /// Serves `root` (a folder named `published`, which may not exist yet) as `/published/`; the
    /// server's control file and request log go into `workFolder`.
    init(serving root: URL, workFolder: URL) throws {
        precondition(root.lastPathComponent == "published", "serve a folder named published")
        control = workFolder.appendingPathComponent("server-control.json")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", Self.script.path, root.deletingLastPathComponent().path, control.path,
            workFolder.appendingPathComponent("server-log.jsonl").path,
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            line.append(chunk)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            process.waitUntilExit()
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "the loopback server did not start"])
        }
        self.port = port
    }

    /// Replaces the misbehaviour rules (see the script), by path inside the published folder:
    /// `["status": ["manifest.json": 404]]`, `["hang": ["images/<sha256>.png"]]`.
    func misbehave(_ rules: [String: Any]) throws {
        var prefixed: [String: Any] = [:]
        for (key, value) in rules {
            if let paths = value as? [String] {
                prefixed[key] = paths.map { "published/\($0)" }
            } else if let byPath = value as? [String: Any] {
                prefixed[key] = Dictionary(uniqueKeysWithValues: byPath.map { ("published/\($0.key)", $0.value) })
            }
        }
        try JSONSerialization.data(withJSONObject: prefixed).write(to: control)
    }

    /// Behaves again.
    func behave() throws { try misbehave([:]) }

    /// Stops the server (this test's own process) and waits for it.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    deinit { stop() }
}
