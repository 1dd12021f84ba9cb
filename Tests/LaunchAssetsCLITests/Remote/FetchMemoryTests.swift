#if os(Linux)
import Foundation
import Glibc
import LaunchScreenRepair
import TestSupport
import Testing

/// The peak memory of a whole `launch-assets fetch` process against a server that sends far
/// more than any cap, read from `/proc` and held to the bound Docs/SECURITY.md states. Linux
/// only: `/proc`, and the bound is FoundationNetworking's (URLSession on Apple platforms
/// schedules its own callbacks).
@Suite("launch-assets fetch's peak memory against a hostile server", .serialized)
struct FetchMemoryTests {
    /// The peak resident memory Docs/SECURITY.md states for a fetch process, whatever the server sends.
    static let peakBound = 128 << 20
    /// The size of the gzip bomb (decoded) and of the flood.
    static let hostileBytes = 4 << 30

    /// Runs `launch-assets` with `arguments`, its standard output into `output` and its standard
    /// error discarded: its exit status and its peak resident memory in bytes, the largest
    /// `VmHWM` read from `/proc/<pid>/status` every 2 ms while it runs. (Not `wait4`'s
    /// `ru_maxrss`: a child spawned with `posix_spawn` shares this process's memory until its
    /// `exec`, and Linux counts this test process's peak in the child's `ru_maxrss`.)
    static func run(_ arguments: [String], output: URL) throws -> (status: Int32, peak: Int) {
        let program = CLIRunner.productsDirectory.appendingPathComponent("launch-assets").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, environ)
        try #require(spawned == 0, "posix_spawn \(program): \(spawned)")
        var peak = 0
        var status: Int32 = 0
        while true {
            if let mark = highWaterMark(of: pid) { peak = max(peak, mark) }
            let waited = waitpid(pid, &status, WNOHANG)
            if waited == pid || (waited < 0 && errno != EINTR) { break }
            usleep(2_000)
        }
        // Exited normally: the status is in the second byte.
        return (status & 0x7F == 0 ? (status >> 8) & 0xFF : -1, peak)
    }

    /// A running process's peak resident memory so far (`VmHWM`), in bytes; `nil` once it exited.
    static func highWaterMark(of pid: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kibibytes = Int(line.filter(\.isNumber))
        else { return nil }
        return kibibytes * 1024
    }

    @Test("under a 4 GiB gzip bomb and a 4 GiB flood for manifest.json, a fetch process stays under the stated bound")
    func peakMemoryUnderABombAndAFlood() throws {
        let served = try FetchCommandTests.Served()
        _ = try served.publishCampaign()
        let output = served.base.root.appendingPathComponent("fetch-report.json")
        let manifestURL = served.url + "/" + RemoteManifest.fileName
        let refusals = [
            "gzip": "\(manifestURL): Content-Encoding gzip refused: only identity is accepted",
            "flood": "\(manifestURL): more than \(4 << 20) bytes",
        ]
        for (rule, refusal) in refusals.sorted(by: { $0.key > $1.key }) {
            try served.server.misbehave([rule: [RemoteManifest.fileName: Self.hostileBytes]])
            let start = Date()
            let (status, peak) = try Self.run(served.fetchArguments(["--json"]), output: output)
            let seconds = Date().timeIntervalSince(start)
            let report = try JSONDecoder().decode(RemoteFetchReport.self, from: Data(contentsOf: output))
            print(
                "FETCH-MEMORY \(rule) of 4 GiB: peak RSS \(peak >> 20) MiB, \(String(format: "%.2f", seconds)) s, exit \(status), "
                    + "server sent \(try served.server.requests().last?.bytes ?? -1) B, reason: \(report.reason ?? "none")")
            #expect(status == 3, "\(rule): exit \(status)")
            #expect(report.reason?.hasPrefix(refusal) == true, "\(rule): \(report.reason ?? "no reason")")
            #expect(peak < Self.peakBound, "\(rule): peak RSS \(peak >> 20) MiB, over \(Self.peakBound >> 20) MiB")
        }
    }
}
#endif
