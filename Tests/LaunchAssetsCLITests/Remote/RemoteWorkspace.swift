import Crypto
import Foundation
import LaunchScreenRepair
import TestSupport

/// A temporary folder with quick layouts (a flat background and a mark): by default, for phones
/// and pads, `default` (the fallback), `spring` and `summer`. The tests of remote delivery, the
/// asset catalog, `publish` and remote layouts end to end render it with the real CLI.
struct RemoteWorkspace {
    /// A layout of the workspace: its id, its `schedule` ranges (none for the fallback) and its
    /// light and dark backgrounds.
    typealias Layout = (id: String, schedule: [(from: String, through: String)], light: String, dark: String)

    static let seasons: [Layout] = [
        ("default", [], "#FAFAFA", "#111111"),
        ("spring", [("03-01", "05-31")], "#FCE4EC", "#2B1F36"),
        ("summer", [("06-01", "08-31")], "#FFF0D9", "#0A1836"),
    ]

    let root = FileManager.default.temporaryDirectory.appendingPathComponent("launch-assets-remote-\(UUID().uuidString)")
    /// A valid public key for settings that are never used to verify.
    static let publicKey = "tLguOVKA3TA3zBM38iq4oWYyMHsD8+vic5ibUFJOmaE="
    static let url = "https://launch.example.com/seasons"

    init(layouts: [Layout] = Self.seasons) throws {
        for folder in ["Layouts", "Templates"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for layout in layouts {
            let ranges = layout.schedule.map { #"{"from": "\#($0.from)", "through": "\#($0.through)"}"# }
            let schedule = ranges.isEmpty ? "" : #""schedule": [\#(ranges.joined(separator: ", "))], "#
            try write(
                "Layouts/\(layout.id).json",
                """
                {"id": "\(layout.id)", "template": "mark.svg", \(schedule)
                 "appearances": {"light": {"background": "\(layout.light)", "ink": "#222222"}, "dark": {"background": "\(layout.dark)", "ink": "#EEEEEE"}}}
                """)
        }
        try write(
            "Templates/mark.svg",
            """
            <svg xmlns="http://www.w3.org/2000/svg" width="{{width}}" height="{{height}}" viewBox="0 0 {{pointWidth}} {{pointHeight}}">
              <rect width="100%" height="100%" fill="{{background}}"/>
              <circle cx="{{safeArea.centerX}}" cy="{{safeArea.centerY}}" r="40" fill="{{ink}}"/>
            </svg>
            """)
    }

    func write(_ path: String, _ text: String) throws {
        try text.write(to: url(path), atomically: true, encoding: .utf8)
    }

    func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    /// `launch-assets <arguments>` in the workspace, with the render cache of this test run.
    func run(_ arguments: [String]) throws -> CLIRunner.Result {
        try CLIRunner.run(arguments, in: root)
    }

    /// `render --quiet` into `output`, with the remote source of ``url`` and ``publicKey``.
    func render(_ output: String, _ arguments: [String]) throws -> CLIRunner.Result {
        try run(
            ["render", "--quiet", "--output", output, "--remote-url", Self.url, "--remote-public-key", Self.publicKey] + arguments)
    }

    func manifest(_ output: String) throws -> LaunchManifest {
        try JSONDecoder().decode(LaunchManifest.self, from: Data(contentsOf: url("\(output)/manifest.json")))
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}

extension Data {
    var sha256Hex: String { SHA256.hash(data: self).map { String(format: "%02x", $0) }.joined() }
}
