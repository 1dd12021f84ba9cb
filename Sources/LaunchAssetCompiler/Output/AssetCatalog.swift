import Foundation
import LaunchScreenRepair

/// `<Type>.xcassets`: an asset catalog with one data set, `<Type>Pack`, holding each idiom's
/// window of the pack as the data for that idiom, so App Store thinning gives a device only its
/// own idiom's images. The app reads it with `NSDataAsset(name: "<Type>Pack")`.
///
/// The files follow Apple's Asset Catalog Format Reference ("Catalog Type", "Data Set Type").
public struct AssetCatalog: Sendable {
    /// The generated type's name: the catalog is `<typeName>.xcassets`.
    public var typeName: String

    public init(typeName: String) {
        self.typeName = typeName
    }

    /// The catalog folder inside `directory`; it belongs to the generator and is replaced whole.
    public func folder(in directory: URL) -> URL {
        directory.appendingPathComponent("\(typeName).xcassets").standardizedFileURL
    }

    /// The data set's name, as `NSDataAsset(name:)` and ``LaunchPackSource/dataAsset(name:)`` take it.
    public var dataSetName: String { "\(typeName)Pack" }

    /// Every file of the catalog in `directory`, given each idiom's pack.
    public func files(in directory: URL, packs: [Idiom: FileContents]) -> [URL: FileContents] {
        var files = describedFiles(in: directory, idioms: Array(packs.keys)).mapValues { FileContents.bytes($0) }
        for (idiom, url) in packFiles(in: directory, idioms: Array(packs.keys)) { files[url] = packs[idiom] }
        return files
    }

    /// The two `Contents.json` of a catalog holding the packs of `idioms`: what is known before
    /// anything is rendered.
    public func describedFiles(in directory: URL, idioms: [Idiom]) -> [URL: Data] {
        let catalog = folder(in: directory)
        let dataSet = catalog.appendingPathComponent("\(dataSetName).dataset")
        let entries = Idiom.allCases.filter(idioms.contains).map { idiom in
            Contents.Entry(filename: packFileName(idiom), idiom: idiom.assetCatalogIdiom)
        }
        return [
            catalog.appendingPathComponent("Contents.json"): Contents().json,
            dataSet.appendingPathComponent("Contents.json"): Contents(data: entries).json,
        ]
    }

    /// Where each idiom's pack goes.
    public func packFiles(in directory: URL, idioms: [Idiom]) -> [Idiom: URL] {
        let dataSet = folder(in: directory).appendingPathComponent("\(dataSetName).dataset")
        return Dictionary(uniqueKeysWithValues: idioms.map { ($0, dataSet.appendingPathComponent(packFileName($0))) })
    }

    private func packFileName(_ idiom: Idiom) -> String {
        "\(typeName)-\(idiom.assetCatalogIdiom).launchpack"
    }

    /// A `Contents.json`: the catalog's (`info` only) or the data set's (`info` and `data`).
    private struct Contents: Encodable {
        struct Info: Encodable {
            var author = "launch-assets"
            var version = 1
        }

        struct Entry: Encodable {
            var filename: String
            var idiom: String
            /// The pack is opaque bytes to the asset catalog.
            var universalTypeIdentifier = "public.data"

            enum CodingKeys: String, CodingKey {
                case filename, idiom
                case universalTypeIdentifier = "universal-type-identifier"
            }
        }

        var info = Info()
        var data: [Entry]?

        var json: Data {
            PrettyJSON.data(self)
        }
    }
}

extension Idiom {
    /// The idiom as an asset catalog names it.
    var assetCatalogIdiom: String {
        switch self {
        case .phone: "iphone"
        case .pad: "ipad"
        }
    }
}
