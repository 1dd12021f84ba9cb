import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

// render-benchmark: the generator against `xargs -P 2 rsvg-convert` over the very same
// instantiated SVGs, side by side in one run (goals 1–4 of the performance work), then the
// runtime's steady launch (goal 5, repair-benchmark). Run it with Scripts/benchmark.
//
//   render-benchmark [runs]      (default 3; each run renders everything three times)
//
// BENCHMARK_RENDER_OPTIONS adds options to every render (`--language en`: the development
// language alone); BENCHMARK_STRONGEST_LEVEL=none skips the render at the strongest level,
// which takes longer than the rest of the benchmark.

/// One finished child process: wall time, CPU time and peak resident memory.
struct Measurement {
    var seconds: Double
    /// User and system time of the process and the children it waited for: unlike wall time,
    /// hardly changed by other work on the machine.
    var cpuSeconds: Double
    var peakBytes: Int
}

/// Runs `arguments` (found on PATH), waits, and measures it; stops the benchmark if it fails.
@discardableResult
func run(_ arguments: [String], quietly: Bool = true) -> Measurement {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if quietly { posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0) }
    var argv = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid: pid_t = 0
    let started = Date()
    guard posix_spawnp(&pid, arguments[0], &actions, nil, &argv, environ) == 0 else { fail("cannot start \(arguments[0])") }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let seconds = Date().timeIntervalSince(started)
    guard status == 0 else { fail("\(arguments.joined(separator: " ")) failed (status \(status))") }
    #if canImport(Darwin)
    let peak = Int(usage.ru_maxrss)  // bytes
    #else
    let peak = Int(usage.ru_maxrss) * 1024  // kilobytes
    #endif
    func cpu(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return Measurement(seconds: seconds, cpuSeconds: cpu(usage.ru_utime) + cpu(usage.ru_stime), peakBytes: peak)
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("render-benchmark: \(message)\n".utf8))
    exit(1)
}

/// `min / median / max` of some seconds.
func spread(_ values: [Double]) -> String {
    let sorted = values.sorted()
    return String(format: "%.2f / %.2f / %.2f s", sorted[0], sorted[sorted.count / 2], sorted[sorted.count - 1])
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_000_000) }

func fileSize(_ url: URL) -> Int { (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0 }

let runs = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 3 : 3
let environment = ProcessInfo.processInfo.environment
/// Options every render gets.
let renderOptions = (environment["BENCHMARK_RENDER_OPTIONS"] ?? "").split(separator: " ").map(String.init)
/// Whether the pack is also rendered at the strongest level, for its size.
let measuresStrongest = environment["BENCHMARK_STRONGEST_LEVEL"] != "none"
let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
let tool = products.appendingPathComponent("launch-assets").path
let work = FileManager.default.temporaryDirectory.appendingPathComponent("render-benchmark-\(UUID().uuidString)")
defer { try? FileManager.default.removeItem(at: work) }
let svgs = work.appendingPathComponent("svg")
let references = work.appendingPathComponent("rsvg")
try FileManager.default.createDirectory(at: references, withIntermediateDirectories: true)

@discardableResult
func render(_ output: String, _ options: [String]) -> Measurement {
    run([tool, "render", "--quiet", "--no-images", "--output", work.appendingPathComponent(output).path] + options + renderOptions)
}

print(
    "render-benchmark: \(runs) runs; bundled layouts\(renderOptions.isEmpty ? "" : " with " + renderOptions.joined(separator: " ")); "
        + "\(ProcessInfo.processInfo.activeProcessorCount) processors")
// The instantiated SVGs rsvg-convert gets, and a filled cache for the no-op render (not timed).
render("prepare", ["--no-cache", "--emit-svg", svgs.path])
let cache = work.appendingPathComponent("cache").path
render("noop", ["--cache-dir", cache])

var ours: [Measurement] = []
var oneJob: [Measurement] = []
var reference: [Measurement] = []
var noop: [Double] = []
for index in 1...runs {
    ours.append(render("full", ["--no-cache", "--jobs", "2"]))
    reference.append(
        run([
            "/bin/sh", "-c",
            "cd '\(svgs.path)' && ls | sed 's/\\.svg$//' | xargs -P 2 -I{} rsvg-convert -o '\(references.path)'/{}.png {}.svg",
        ]))
    oneJob.append(render("one-job", ["--no-cache", "--jobs", "1"]))
    noop.append(render("noop", ["--cache-dir", cache, "--jobs", "2"]).seconds)
    print(
        "  run \(index): launch-assets \(String(format: "%.2f", ours.last!.seconds)) s, rsvg-convert \(String(format: "%.2f", reference.last!.seconds)) s, --jobs 1 \(String(format: "%.2f", oneJob.last!.seconds)) s, no-op \(String(format: "%.2f", noop.last!)) s"
    )
}

// The pack a release build would ship: the strongest compression, where each RGB image is also
// tried with the Sub filter. Rendered once (it takes minutes); the cache pays it once per variant.
let strongestLevel = 11
let strongest = measuresStrongest ? render("strongest", ["--no-cache", "--jobs", "2", "--compression-level", "\(strongestLevel)"]) : nil
let strongestPack = fileSize(work.appendingPathComponent("strongest/LaunchAssets.launchpack"))
let pack = fileSize(work.appendingPathComponent("full/LaunchAssets.launchpack"))
let pngs = try FileManager.default.contentsOfDirectory(at: references, includingPropertiesForKeys: [.fileSizeKey])
let referenceBytes = pngs.reduce(0) { $0 + fileSize($1) }
let strongestFigure =
    strongest.map {
        String(format: "%.3f", Double(strongestPack) / Double(referenceBytes))
            + "    (goal <= 0.75; \(megabytes(strongestPack)); that render took \(String(format: "%.0f", $0.seconds)) s)"
    } ?? "not rendered (BENCHMARK_STRONGEST_LEVEL=none)"
let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: work.appendingPathComponent("full/manifest.json"))) as! [String: Any]
let variants = manifest["variants"] as! [[String: Any]]
let largestSurface = variants.map { ($0["width"] as! Int) * ($0["height"] as! Int) * 4 }.max() ?? 0
let full = median(ours.map(\.seconds))
// Memory against jobs and against the amount of output: one layout's variants, peak measured the same way.
let layouts = manifest["layouts"] as! [[String: Any]]
let firstLayout = layouts[0]["id"] as! String
let oneLayout = render("one-layout", ["--no-cache", "--jobs", "2", "--layout", firstLayout])
let oneLayoutVariants = variants.filter { $0["layout"] as? String == firstLayout }.count
let peakOneJob = oneJob.map(\.peakBytes).max()!
let peakTwoJobs = ours.map(\.peakBytes).max()!
let perJob = peakTwoJobs - peakOneJob

print(
    """

    variants: \(variants.count) (rsvg-convert wrote \(pngs.count) PNGs)
    launch-assets --no-cache --jobs 2   \(spread(ours.map(\.seconds)))   (min / median / max)
    xargs -P 2 rsvg-convert             \(spread(reference.map(\.seconds)))
    launch-assets --no-cache --jobs 1   \(spread(oneJob.map(\.seconds)))
    launch-assets, nothing changed      \(spread(noop))

    goal 1  speed    rsvg-convert / launch-assets      \(String(format: "%.2f", median(reference.map(\.seconds)) / full))x   (goal >= 2.0)
                     in CPU time                        \(String(format: "%.2f", median(reference.map(\.cpuSeconds)) / median(ours.map(\.cpuSeconds))))x   \
    (\(spread(reference.map(\.cpuSeconds))) against \(spread(ours.map(\.cpuSeconds))))
    goal 2  size     pack / rsvg-convert PNG bytes      \(String(format: "%.3f", Double(pack) / Double(referenceBytes)))    (default level; \(megabytes(pack)) vs \(megabytes(referenceBytes)))
                     at --compression-level \(strongestLevel)          \(strongestFigure)
    goal 3  no-op    no-op / full render                \(String(format: "%.1f", median(noop) / full * 100))%    (goal <= 5%)
    goal 4  scaling  --jobs 1 / --jobs 2                \(String(format: "%.2f", median(oneJob.map(\.seconds)) / full))x   (goal >= 1.7)
            memory   peak --jobs 1 \(megabytes(peakOneJob)), --jobs 2 \(megabytes(peakTwoJobs)): \(megabytes(perJob)) per job \
    (\(String(format: "%.1f", Double(perJob) / Double(largestSurface))) x the largest surface, \(megabytes(largestSurface))) + \(megabytes(peakOneJob - perJob))
                     \(variants.count) variants \(megabytes(peakTwoJobs)), \(oneLayoutVariants) variants (\(firstLayout)) \(megabytes(oneLayout.peakBytes)) at --jobs 2; \
    pack \(megabytes(pack)), not held in memory
    goal 5  runtime  (repair-benchmark)
    """)
fflush(nil)
run([products.appendingPathComponent("repair-benchmark").path], quietly: false)
