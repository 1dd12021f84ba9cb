import Foundation

/// The committed test server (`loopback-server.py`, beside this file) run with python3 on
/// 127.0.0.1: a real HTTP server serving a real folder, with HTTP Range, told to misbehave per
/// path through a control file. Not a mock transport: the runtime's URLSession and the
/// `launch-assets` binary talk to it.
public final class LoopbackServer: @unchecked Sendable {
    /// One request the server answered, from its log.
    public struct Request: Decodable, Sendable {
        public var path: String
        public var range: String?
        /// The request's `If-None-Match`.
        public var ifNoneMatch: String?
        /// The request's `If-Modified-Since`.
        public var ifModifiedSince: String?
        /// The request's `Accept-Encoding`.
        public var acceptEncoding: String?
        /// The status answered; `nil` for a request left hanging.
        public var status: Int?
        /// Bytes sent on the wire (compressed, for a gzip answer).
        public var bytes: Int
        /// The client's port: requests with the same one came over the same connection.
        public var client: Int?

        private enum CodingKeys: String, CodingKey {
            case path, range, ifNoneMatch, ifModifiedSince, acceptEncoding, status, bytes, client
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            path = try container.decode(String.self, forKey: .path)
            range = try container.decodeIfPresent(String.self, forKey: .range)
            ifNoneMatch = try container.decodeIfPresent(String.self, forKey: .ifNoneMatch)
            ifModifiedSince = try container.decodeIfPresent(String.self, forKey: .ifModifiedSince)
            acceptEncoding = try container.decodeIfPresent(String.self, forKey: .acceptEncoding)
            // A hanging request is logged with the status "hang".
            status = try? container.decode(Int.self, forKey: .status)
            bytes = try container.decode(Int.self, forKey: .bytes)
            client = try container.decodeIfPresent(Int.self, forKey: .client)
        }
    }

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("loopback-server.py")

    public let port: Int
    private let process: Process
    private let control: URL
    private let log: URL

    /// The served folder's URL.
    public var url: URL { URL(string: "http://127.0.0.1:\(port)/published")! }

    /// Serves `root`, a folder named `published` that may not exist yet, as `/published/` (the
    /// server's root is its parent); the server's control file and request log go into `workFolder`.
    public init(serving root: URL, workFolder: URL) throws {
        precondition(root.lastPathComponent == "published", "serve a folder named published")
        control = workFolder.appendingPathComponent("server-control.json")
        log = workFolder.appendingPathComponent("server-log.jsonl")
        try Data().write(to: log)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.script.path, root.deletingLastPathComponent().path, control.path, log.path]
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
    /// `["status": ["manifest.json": 404]]`, `["hang": ["images/<sha256>.png"]]`,
    /// `["gzip": ["manifest.json": 1 << 30]]` (a gzip bomb), `["flood": ["manifest.json": 1 << 30]]`.
    public func misbehave(_ rules: [String: Any]) throws {
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
    public func behave() throws { try misbehave([:]) }

    /// The bytes a flood or gzip answer in progress has sent so far (to the MiB); 0 before one started.
    public func streamed() -> Int {
        (try? String(contentsOf: log.appendingPathExtension("progress"), encoding: .utf8)).flatMap { Int($0) } ?? 0
    }

    /// Every request answered so far, paths inside the published folder.
    public func requests() throws -> [Request] {
        try String(decoding: Data(contentsOf: log), as: UTF8.self).split(separator: "\n").map { line in
            var request = try JSONDecoder().decode(Request.self, from: Data(line.utf8))
            request.path = String(request.path.dropFirst("/published/".count))
            return request
        }
    }

    /// How many requests the server answered for each path, with the statuses it answered,
    /// in order: `["manifest.json": [200, 304]]`.
    public func statuses() throws -> [String: [Int?]] {
        Dictionary(grouping: try requests(), by: \.path).mapValues { $0.map(\.status) }
    }

    /// How many requests the server answered for `path`.
    public func count(_ path: String) throws -> Int {
        try requests().filter { $0.path == path }.count
    }

    /// Stops the server (this test's own process) and waits for it.
    public func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    deinit { stop() }
}
