import Foundation
import TestSupport
import Testing

@testable import LaunchAssetCompiler

/// Text drawn on several threads at once, with more font files among them than cairo keeps
/// open (ten): cairo then closes faces to open others, which must never be one another thread
/// is drawing with (``OpenFontFaces``). Before that, this test crashed in cairo's glyph loader
/// or drew wrong glyphs in five runs of six, and the whole test suite crashed on CI.
@Suite("Text drawn on several threads at once")
struct ConcurrentTextTests {
    /// Templates folders, each with its own copy of the shipped fonts: cairo knows a face by
    /// its file, so these are as many faces as a brand's weights and scripts would be.
    static let folders = 4
    static let threads = 4
    static let rounds = 30
    /// Text sizes: a size cairo has not drawn yet loads every glyph from the font again.
    static let sizes = Array(10..<40)
    static let width = 640
    static let height = 420

    /// The installed fonts drawn beside the shipped ones: Debian's `fonts-dejavu-core`
    /// (`Scripts/install-system-libraries` installs it), six files.
    static let installedFamilies = ["DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono"]

    /// A line in each shipped font (the bold and semibold Latin, Arabic, Devanagari and CJK)
    /// and in each installed family, regular and bold: eleven font files in one document.
    private static func document(size: Int) -> String {
        let shipped = [
            ("Inter", 700, "Winter Sale 2026 ABCDEFGHIJKLMNOPQRSTUVWXYZ"), ("Inter", 600, "abcdefghijklmnopqrstuvwxyz 0123456789"),
            ("Noto Sans Arabic", 700, "تخفيضات الشتاء الكبرى"), ("Noto Sans Devanagari", 700, "सर्दियों की बड़ी सेल"),
            ("Noto Sans CJK SC", 700, "冬季特卖全场优惠"),
        ]
        let installed = installedFamilies.flatMap { family in [(family, 400, "Sale 0123 Agy"), (family, 700, "Sale 4567 Agy")] }
        let text = (shipped + installed).enumerated().map { line, font in
            "<text x=\"8\" y=\"\(30 + line * 36)\" font-family=\"\(font.0)\" font-weight=\"\(font.1)\" font-size=\"\(size + line % 4)\">\(font.2)</text>"
        }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\">"
            + "<rect width=\"\(width)\" height=\"\(height)\" fill=\"#fff\"/>\(text.joined())</svg>"
    }

    @Test("more font files than cairo keeps open, drawn on four threads, give the pixels one thread gives")
    func manyFontFilesOnManyThreads() throws {
        let root = try TemporaryFolder()
        defer { root.remove() }
        let shipped = ComplexScriptTests.bundledTemplates.appendingPathComponent("Fonts")
        let fontFiles = try FileManager.default.contentsOfDirectory(at: shipped, includingPropertiesForKeys: nil)
            .filter { TemplateFonts.fileExtensions.contains($0.pathExtension) }
        try #require(fontFiles.count * Self.folders > 10, "more font files than cairo keeps open")
        for family in Self.installedFamilies {
            try #require(TemplateFonts.installed.font(for: family) != nil, "\(family) is needed: install fonts-dejavu-core")
        }
        let renderers = try (0..<Self.folders).map { index in
            for file in fontFiles { try root.write("templates-\(index)/Fonts/\(file.lastPathComponent)", Data(contentsOf: file)) }
            return SVGRenderer(fonts: TemplateFonts(templatesDirectory: root.path("templates-\(index)")))
        }
        // One thread: what each size must look like, whichever copy of the fonts draws it.
        let expected = try Dictionary(
            uniqueKeysWithValues: Self.sizes.map { size in
                (size, try renderers[0].png(Self.document(size: size), width: Self.width, height: Self.height))
            })

        let mismatches = Mismatches()
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            for round in 0..<Self.rounds {
                let render = round * Self.threads + thread
                let size = Self.sizes[render % Self.sizes.count]
                let png = try? renderers[(render / Self.sizes.count + thread) % Self.folders]
                    .png(Self.document(size: size), width: Self.width, height: Self.height)
                if png != expected[size] { mismatches.add("thread \(thread), round \(round), size \(size)") }
            }
        }
        #expect(mismatches.all.isEmpty, "drawn otherwise than on one thread: \(mismatches.all)")
    }
}

/// The renders that differed, from any thread.
private final class Mismatches: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []

    func add(_ description: String) { lock.withLock { list.append(description) } }
    var all: [String] { lock.withLock { list } }
}
