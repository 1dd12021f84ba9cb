import Foundation
import TestSupport
import Testing

/// The runtime's `PrivacyInfo.xcprivacy`: App Store Connect refuses an upload (ITMS-91053) when an
/// SDK in the app uses a required-reason API its privacy manifest does not declare.
@Suite("The privacy manifest")
struct PrivacyManifestTests {
    /// Required-reason API categories (developer.apple.com/documentation/bundleresources/describing-use-of-required-reason-api):
    /// how the runtime's sources would spell each API, and the reasons that fit a library that only
    /// looks at files in the app's own container.
    static let categories: [(category: String, spellings: [String], reasons: Set<String>)] = [
        (
            "NSPrivacyAccessedAPICategoryFileTimestamp",
            [
                #"\b(stat|lstat|fstat|fstatat|getattrlist|getattrlistbulk|fgetattrlist|getattrlistat)\s*\("#,
                #"\.(creationDate|modificationDate|fileModificationDate|contentModificationDateKey|creationDateKey)\b"#,
                #"\bst_(mtim|mtimespec|ctim|ctimespec|birthtimespec)\b"#,
            ],
            ["C617.1"]  // timestamps, size or other metadata of files inside the app container
        ),
        // `DispatchTime.now()` (the downloader's deadlines) is not on Apple's list.
        ("NSPrivacyAccessedAPICategorySystemBootTime", [#"\bsystemUptime\b"#, #"\bmach_absolute_time\s*\("#], ["35F9.1"]),
        (
            "NSPrivacyAccessedAPICategoryDiskSpace",
            [
                #"\bvolume(Available|Total)Capacity\w*Key\b"#, #"\.system(Free)?Size\b"#,
                #"\b(statfs|statvfs|fstatfs|fstatvfs)\s*\("#,
            ],
            ["E174.1"]  // checking there is room before writing files
        ),
        ("NSPrivacyAccessedAPICategoryActiveKeyboards", [#"\bactiveInputModes\b"#], []),  // no reason fits a launch screen
        ("NSPrivacyAccessedAPICategoryUserDefaults", [#"\bUserDefaults\b"#], ["CA92.1"]),  // the app's own defaults
    ]

    /// The runtime's resource bundle as `swift build` lays it out, beside this target's own:
    /// `<Package>_LaunchScreenRepair.resources` on Linux, `.bundle` on Apple platforms.
    static func runtimeBundle() throws -> URL {
        let products = Bundle.module.bundleURL.deletingLastPathComponent()
        let names = try FileManager.default.contentsOfDirectory(atPath: products.path)
        let bundle = try #require(
            names.first { $0.hasSuffix("_LaunchScreenRepair.resources") || $0.hasSuffix("_LaunchScreenRepair.bundle") },
            "no LaunchScreenRepair resource bundle in \(products.path): \(names.sorted())")
        return products.appendingPathComponent(bundle)
    }

    static func manifest() throws -> [String: Any] {
        let url = try runtimeBundle().appendingPathComponent("PrivacyInfo.xcprivacy")
        let data = try Data(contentsOf: url)
        var format = PropertyListSerialization.PropertyListFormat.xml
        let plist = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
        return try #require(plist as? [String: Any], "\(url.path) is not a dictionary")
    }

    /// The declared reasons per category.
    static func declared() throws -> [String: Set<String>] {
        let types = try #require(try manifest()["NSPrivacyAccessedAPITypes"] as? [[String: Any]])
        var declared: [String: Set<String>] = [:]
        for entry in types {
            let category = try #require(entry["NSPrivacyAccessedAPIType"] as? String)
            let reasons = try #require(entry["NSPrivacyAccessedAPITypeReasons"] as? [String])
            declared[category, default: []].formUnion(reasons)
        }
        return declared
    }

    /// Each Swift file of the runtime's sources, comments left out, by its path in the package.
    static func runtimeSources() throws -> [(path: String, code: String)] {
        let root = PackageRoot.url
        let sources = root.appendingPathComponent("Sources/LaunchScreenRepair")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var result: [(String, String)] = []
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            let code = text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { line in line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line) }
                .joined(separator: "\n")
            result.append((String(file.path.dropFirst(root.path.count + 1)), code))
        }
        #expect(result.count > 10, "found only \(result.count) Swift files under \(sources.path)")
        return result
    }

    @Test("is in the built module's bundle, a plist that says: no tracking, no tracking domains, no data collected")
    func inTheBundle() throws {
        let manifest = try Self.manifest()
        #expect(manifest["NSPrivacyTracking"] as? Bool == false)
        #expect((manifest["NSPrivacyTrackingDomains"] as? [Any])?.isEmpty == true)
        #expect((manifest["NSPrivacyCollectedDataTypes"] as? [Any])?.isEmpty == true)
    }

    @Test("declares exactly the required-reason API categories the runtime's sources use, each with a reason that fits")
    func declaresWhatTheSourcesUse() throws {
        let sources = try Self.runtimeSources()
        let declared = try Self.declared()
        for (category, spellings, reasons) in Self.categories {
            let uses = sources.compactMap { file in
                spellings.contains { file.code.range(of: $0, options: .regularExpression) != nil } ? file.path : nil
            }
            if uses.isEmpty {
                #expect(declared[category] == nil, "\(category) is declared, but no source uses it")
            } else {
                let given = try #require(declared[category], "\(category) is used (\(uses.joined(separator: ", "))) but not declared")
                #expect(
                    !given.isEmpty && given.isSubset(of: reasons), "\(category): reasons \(given.sorted()), expected \(reasons.sorted())")
            }
        }
        let known = Set(Self.categories.map(\.category))
        #expect(Set(declared.keys).isSubset(of: known), "unknown categories: \(Set(declared.keys).subtracting(known).sorted())")
    }
}
