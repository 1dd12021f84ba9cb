import Foundation
import TestSupport

/// The reference encoders, run at test time through the package's own scripts:
/// `Scripts/make-snapshots` (ARM's astcenc, Apple's LZFSE library, libjpeg-turbo's cjpeg) and
/// `Fixtures/lzfse/make_vectors.py`. A missing tool is a test failure whose message names it and
/// the script that installs it, never a skipped test.
enum ReferenceEncoders {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Writes each spec (`<image>-<appearance>-<width>x<height>.<format>`, see the script's usage)
    /// into `folder` under that name.
    static func makeSnapshots(_ specs: [String], into folder: URL, preset: String = "fast") throws {
        try python(
            PackageRoot.url.appendingPathComponent("Scripts/make-snapshots"),
            ["--preset", preset, folder.path] + specs)
    }

    /// Writes the large raw-byte LZFSE vectors (`<name>.bin`, `<name>.lzfse`) into `folder`.
    static func makeLargeVectors(into folder: URL) throws {
        try python(
            PackageRoot.url.appendingPathComponent("Tests/LaunchScreenRepairTests/Fixtures/lzfse/make_vectors.py"),
            ["--into", folder.path])
    }

    private static func python(_ script: URL, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path] + arguments
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        let install = "Scripts/install-system-libraries installs python3, its lzfse package, astcenc and cjpeg"
        do { try process.run() } catch {
            throw Failure(description: "cannot run python3 \(script.lastPathComponent): \(error); \(install)")
        }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(
                description: "python3 \(script.lastPathComponent) exited \(process.terminationStatus): "
                    + "\(message.trimmingCharacters(in: .whitespacesAndNewlines)); \(install)")
        }
    }
}
