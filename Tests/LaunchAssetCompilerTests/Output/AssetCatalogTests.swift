import Foundation
import LaunchScreenRepair
import TestSupport
import Testing

@testable import LaunchAssetCompiler

/// `<Type>.xcassets` in the shape of Apple's Asset Catalog Format Reference: a catalog
/// `Contents.json` with `info`, and one data set with an entry per idiom.
@Suite("The asset catalog")
struct AssetCatalogTests {
    @Test func oneDataSetWithAnEntryPerIdiom() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let catalog = AssetCatalog(typeName: "SeasonalLaunch")
        let packs: [Idiom: FileContents] = [.phone: .bytes(Data("phone pack".utf8)), .pad: .bytes(Data("pad pack".utf8))]
        let files = catalog.files(in: folder.url, packs: packs)
        try OutputWriter(directory: folder.path("out"), ownedFolders: [catalog.folder(in: folder.url)]).write(files)

        let root = folder.path("SeasonalLaunch.xcassets")
        #expect(catalog.dataSetName == "SeasonalLaunchPack")
        #expect(
            (FileManager.default.subpaths(atPath: root.path) ?? []).sorted() == [
                "Contents.json", "SeasonalLaunchPack.dataset", "SeasonalLaunchPack.dataset/Contents.json",
                "SeasonalLaunchPack.dataset/SeasonalLaunch-ipad.launchpack", "SeasonalLaunchPack.dataset/SeasonalLaunch-iphone.launchpack",
            ])
        let catalogContents = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("Contents.json"))) as? [String: Any])
        #expect(Set(catalogContents.keys) == ["info"])
        #expect((catalogContents["info"] as? [String: Any])?["version"] as? Int == 1)
        #expect((catalogContents["info"] as? [String: Any])?["author"] as? String == "launch-assets")

        let dataSet = root.appendingPathComponent("SeasonalLaunchPack.dataset")
        let contents = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: dataSet.appendingPathComponent("Contents.json"))) as? [String: Any])
        #expect(Set(contents.keys) == ["info", "data"])
        let entries = try #require(contents["data"] as? [[String: String]])
        #expect(
            entries == [
                ["idiom": "iphone", "filename": "SeasonalLaunch-iphone.launchpack", "universal-type-identifier": "public.data"],
                ["idiom": "ipad", "filename": "SeasonalLaunch-ipad.launchpack", "universal-type-identifier": "public.data"],
            ])
        #expect(try Data(contentsOf: dataSet.appendingPathComponent("SeasonalLaunch-iphone.launchpack")) == Data("phone pack".utf8))
        #expect(try Data(contentsOf: dataSet.appendingPathComponent("SeasonalLaunch-ipad.launchpack")) == Data("pad pack".utf8))
    }

    @Test func anIdiomWithoutBundledImagesHasNoEntry() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let catalog = AssetCatalog(typeName: "LaunchAssets")
        let files = catalog.files(in: folder.url, packs: [.phone: .bytes(Data([1]))])
        let contents = try #require(files[folder.path("LaunchAssets.xcassets/LaunchAssetsPack.dataset/Contents.json")])
        let json = try #require(try JSONSerialization.jsonObject(with: contents.data()) as? [String: Any])
        #expect((json["data"] as? [[String: String]])?.map { $0["idiom"] } == ["iphone"])
        #expect(files.count == 3)
    }
}
