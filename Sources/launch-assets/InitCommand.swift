import ArgumentParser
import Foundation
import LaunchAssetCompiler

/// `launch-assets init`: a starter to render and build from.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a starter: a fallback layout, one season, their templates and launch-assets.json.",
        discussion: """
            Writes into <folder> (created if missing) Layouts/default.json (the fallback: the app's mark, no \
            text, with the "launchScreen" the storyboard is made from), Layouts/winter.json (a season with a \
            title), their templates in Templates/ and launch-assets.json. Refuses, writing nothing, when any of \
            these files exists. The starter validates, renders and passes render --check as written; the steps \
            to add it to an app, with SwiftPM or Xcode, follow on standard output.
            """
    )

    @Argument(help: ArgumentHelp("The folder to write into: the app target's folder.", valueName: "folder"))
    var folder = "."

    func run() throws {
        let written = try Starter.write(into: URL(fileURLWithPath: folder))
        print("Wrote a starter into \(folder):")
        for file in written { print("  \(file)") }
        print(Self.nextSteps(folder: folder))
    }

    /// What to do with the starter, for SwiftPM and for Xcode.
    static func nextSteps(folder: String) -> String {
        let enter = folder == "." ? "" : "cd \(folder) && "
        return """

            Next:
              Look at it:   \(enter)launch-assets render --config launch-assets.json --idiom phone --preview
                            (then open LaunchAssets/preview.png; the seasons are dated in Layouts/*.json)
              Your mark:    replace the shapes in Templates/mark.svg with your own (no text: Apple asks
                            launch screens for none)

              SwiftPM, rendered by the build plugin (librsvg on the building machine): in Package.swift,
              the target whose folder this is (with a Swift file of its own: SwiftPM builds no target
              of generated files alone) gets
                  dependencies: [.product(name: "LaunchScreenRepair", package: "LaunchAssets")],
                  exclude: ["Layouts", "Templates", "launch-assets.json"],
                  plugins: [.plugin(name: "LaunchAssetsPlugin", package: "LaunchAssets")]

              Xcode, a committed render (nothing to install on the building machine): with this folder
              beside MyApp.xcodeproj, outside the app's sources (MyApp/), render
                  \(enter)launch-assets render --config launch-assets.json --no-images --output build/launch-assets \\
                      --swift MyApp/LaunchAssets.swift --asset-catalog MyApp --storyboard MyApp/LaunchScreen.storyboard
              add those three files to the app target, make LaunchScreen its launch screen, and add the
              LaunchAssetsCheck build plugin, which fails the build when they are stale.

              Then, in the app, at launch:  SnapshotRepair.repairOnLaunch(LaunchAssets.self)
            """
    }
}
