import Foundation
import TestSupport
import Testing

/// `render --storyboard` and `render --check` through the real binary: the committed-render
/// workflow of an Xcode project.
@Suite("render --storyboard and --check, end to end")
struct LaunchScreenCommandTests {
    /// The fallback layout and the package's templates copied into a temporary folder, with
    /// the arguments of a committed render of its phone variants.
    struct CommittedRender {
        let files: SmallLayoutSet
        var templates: URL { files.url("Templates") }

        init() throws {
            files = try SmallLayoutSet()
            try FileManager.default.removeItem(at: files.layouts.appendingPathComponent("spring.json"))
            try FileManager.default.copyItem(at: PackageRoot.url.appendingPathComponent("Templates"), to: templates)
        }

        var arguments: [String] {
            [
                "render", "--layouts", files.layouts.path, "--templates", templates.path, "--idiom", "phone", "--no-images",
                "--output", files.url("Render").path, "--swift", files.url("App/LaunchAssets.swift").path,
                "--asset-catalog", files.url("App").path, "--storyboard", files.url("App/LaunchScreen.storyboard").path,
            ]
        }

        func render() throws -> CLIRunner.Result { try files.run(arguments) }
        func check() throws -> CLIRunner.Result { try files.run(arguments + ["--check"]) }

        /// Every file an app commits, by relative path.
        func committed() throws -> [String: Data] { try FileTree.contents(of: files.url("App")) }

        func edit(_ path: String, _ change: (String) -> String) throws {
            let url = files.url(path)
            try Data(change(try String(contentsOf: url, encoding: .utf8)).utf8).write(to: url)
        }
    }

    /// `Examples/CommittedRender` is what this package's layouts and templates give: edit them,
    /// and this test says which command renders the example again.
    @Test func committedExampleIsUpToDate() throws {
        let arguments = [
            "render", "--layout", "default", "--idiom", "phone", "--no-images", "--output", "Examples/CommittedRender/Render",
            "--swift", "Examples/CommittedRender/App/LaunchAssets.swift", "--asset-catalog", "Examples/CommittedRender/App",
            "--storyboard", "Examples/CommittedRender/App/LaunchScreen.storyboard",
        ]
        let check = try CLIRunner.run(arguments + ["--check"])
        #expect(check.status == 0, "\(check.stderr)\nRender the example again: swift run launch-assets \(arguments.joined(separator: " "))")
    }

    @Test func storyboardNeedsTheAssetCatalog() throws {
        let result = try CLIRunner.run(["render", "--storyboard", "/tmp/LaunchScreen.storyboard"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--storyboard names its colour and logo in the asset catalog: give --asset-catalog DIR too"))
    }

    @Test func renderWritesTheLaunchScreenAndPrintsThePlistEntry() throws {
        let render = try CommittedRender()
        let first = try render.render()
        #expect(first.status == 0, "\(first.stderr)")
        let files = try render.committed()
        #expect(
            Set(files.keys).isSuperset(of: [
                "LaunchScreen.storyboard", "LaunchAssets.swift", "LaunchAssets.xcassets/LaunchAssetsBackground.colorset/Contents.json",
                "LaunchAssets.xcassets/LaunchAssetsLogo.imageset/Contents.json",
                "LaunchAssets.xcassets/LaunchAssetsLogo.imageset/logo-light@2x.png",
                "LaunchAssets.xcassets/LaunchAssetsLogo.imageset/logo-dark@3x.png",
                "LaunchAssets.xcassets/LaunchAssetsPack.dataset/LaunchAssets-iphone.launchpack",
            ]))
        #expect(first.stderr.contains("<key>UILaunchScreen</key>"))
        #expect(first.stderr.contains("<string>LaunchAssetsBackground</string>"))
        // The runtime is told the storyboard's colours.
        let swift = String(decoding: try #require(files["LaunchAssets.swift"]), as: UTF8.self)
        #expect(swift.contains("launchScreenColors: LaunchScreenColors(light: .init(red: 247, green: 246, blue: 243)"))

        // Re-running changes nothing.
        let second = try render.render()
        #expect(second.status == 0)
        #expect(try render.committed() == files)
    }

    @Test func checkSaysWhetherCommittedOutputsAreStale() throws {
        let render = try CommittedRender()
        let missing = try render.check()
        #expect(missing.status == 3)
        #expect(missing.stderr.contains("LaunchAssets.swift: missing"))

        #expect(try render.render().status == 0)
        let fresh = try render.check()
        #expect(fresh.status == 0, "\(fresh.stderr)")
        #expect(fresh.stderr.contains("Up to date"))

        // A colour edited in the layout: the Swift, the storyboard and the colour set are stale.
        try render.edit("Layouts/default.json") { $0.replacingOccurrences(of: "#F7F6F3", with: "#FFFFFF") }
        let edited = try render.check()
        #expect(edited.status == 3)
        #expect(edited.stderr.contains("LaunchAssets.swift: rendered from other inputs"))
        #expect(edited.stderr.contains("LaunchScreen.storyboard: differs from what the inputs give"))
        #expect(edited.stderr.contains("LaunchAssetsBackground.colorset/Contents.json: differs from what the inputs give"))
        #expect(edited.stderr.contains("run the same command without --check"))
        #expect(try render.render().status == 0)
        #expect(try render.check().status == 0)

        // A template the variants include: only the stamp can tell.
        try render.edit("Templates/mark.svg") { $0.replacingOccurrences(of: #"rx="16""#, with: #"rx="20""#) }
        let template = try render.check()
        #expect(template.status == 3)
        #expect(template.stderr.contains("LaunchAssets.swift: rendered from other inputs"))

        // A pack from another render beside this Swift file.
        #expect(try render.render().status == 0)
        let pack = render.files.url("App/LaunchAssets.xcassets/LaunchAssetsPack.dataset/LaunchAssets-iphone.launchpack")
        let saved = try Data(contentsOf: pack)
        try render.edit("Layouts/default.json") { $0.replacingOccurrences(of: "#5A67E8", with: "#5A67E9") }
        #expect(try render.render().status == 0)
        try saved.write(to: pack)
        try render.edit("Layouts/default.json") { $0.replacingOccurrences(of: "#5A67E9", with: "#5A67E8") }
        let mixed = try render.check()
        #expect(mixed.status == 3)
        #expect(mixed.stderr.contains("LaunchAssets-iphone.launchpack: written for manifest"))
    }
}
