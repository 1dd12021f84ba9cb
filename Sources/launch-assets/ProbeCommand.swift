import ArgumentParser
import Foundation
import LaunchScreenRepair

/// `launch-assets probe FILE...`: format and pixel size of launch snapshots, from their headers.
struct ProbeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe",
        abstract: "Print the format and pixel size of image and snapshot files, read from their headers.",
        discussion: """
            One line per file: <path><TAB><format><TAB><width>x<height>, format one of \
            aapl ktx ktx2 png jpeg; or <path><TAB>error<TAB><reason>. Exits 1 if any file failed.
            """
    )

    @Argument(help: ArgumentHelp("The files to probe.", valueName: "file"))
    var files: [String]

    func run() throws {
        var failed = false
        for path in files {
            do {
                let header = try ImageHeaderProbe.probe(fileAt: URL(fileURLWithPath: path))
                print("\(path)\t\(header.format.rawValue)\t\(header.width)x\(header.height)")
            } catch {
                failed = true
                print("\(path)\terror\t\(error.summary)")
            }
        }
        if failed { throw ExitCode(1) }
    }
}
