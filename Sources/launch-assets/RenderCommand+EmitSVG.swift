import Foundation
import LaunchAssetCompiler

extension RenderCommand {
    /// With `--emit-svg`, writes the instantiated SVG of every variant of a render that failed,
    /// so the instance an error is about can be opened. The render's own output stays untouched;
    /// nothing is written when the variants cannot be planned at all.
    func emitInstancesOfFailedRender(_ variants: () throws -> [PlannedVariant]) {
        guard let emitSVG, let variants = try? variants() else { return }
        let folder = URL(fileURLWithPath: emitSVG).standardizedFileURL
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for variant in variants {
                try Data(variant.svg.utf8).write(to: folder.appendingPathComponent("\(variant.id).svg"), options: .atomic)
            }
            StandardError.write("Wrote the instantiated SVGs of \(variants.count) variants to \(emitSVG) for inspection.")
        } catch {
            StandardError.write("Could not write the instantiated SVGs to \(emitSVG): \(error.localizedDescription)")
        }
    }
}
