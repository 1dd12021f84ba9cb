import Foundation

/// Runs the built `launch-assets` binary, the way scripts and CI do.
public struct CLIRunner {
    /// How a run ended and what it printed.
    public struct Result: Sendable {
        /// The exit status.
        public var status: Int32
        /// Standard output, as UTF-8.
        public var stdout: String
        /// Standard error, as UTF-8.
        public var stderr: String
    }

    /// The folder holding the built products (`.build/debug` or its release twin).
    public static var productsDirectory: URL {
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        #endif
        return Bundle.main.bundleURL
    }

    /// A render cache folder for this test run.
    public static let testCache = FileManager.default.temporaryDirectory.appendingPathComponent(
        "launch-assets-test-cache-\(UUID().uuidString)")

    /// Runs `launch-assets` with `arguments` in `directory`, with `environment` added to this
    /// process's, and waits for it.
    public static func run(_ arguments: [String], in directory: URL = PackageRoot.url, environment: [String: String] = [:]) throws -> Result
    {
        try run(productsDirectory.appendingPathComponent("launch-assets"), arguments, in: directory, environment: environment)
    }

    /// Runs `program` with `arguments` in `directory`, with `environment` added to this
    /// process's, and waits for it.
    public static func run(
        _ program: URL, _ arguments: [String], in directory: URL = PackageRoot.url, environment: [String: String] = [:]
    ) throws -> Result {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.currentDirectoryURL = directory
        // Renders fill a cache of this test run's own, never the user's (`render` defaults to $XDG_CACHE_HOME).
        process.environment = ProcessInfo.processInfo.environment.merging(["XDG_CACHE_HOME": testCache.path]) { $1 }
            .merging(environment) { $1 }
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Drain stderr on another thread while reading stdout here, so a chatty child never
        // blocks on a full pipe.
        let errorOutput = PipeDrain(stderr.fileHandleForReading)
        let outData = stdout.fileHandleForReading.readDataToEndOfFile()
        let errData = errorOutput.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self)
        )
    }
}

/// Reads a pipe to its end on a background thread.
private final class PipeDrain: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
