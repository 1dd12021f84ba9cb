import Foundation
import LaunchAssetCompiler
import LaunchScreenRepair
import Testing

@Suite struct GalleryTests {
    private func manifest(displayName: String, device: String) -> LaunchManifest {
        LaunchManifest(
            version: "0123456789abcdef", generator: "launch-assets test", pack: "LaunchAssets.launchpack",
            layouts: [.init(id: "winter", displayName: displayName, priority: 0, schedule: [])],
            variants: [
                .init(
                    id: "winter-phone-1179x2556-light", layout: "winter", width: 1179, height: 2556, orientation: .portrait,
                    appearance: .light, idiom: .phone, devices: [device], md5: "9b0c", offset: 40, length: 1234
                )
            ]
        )
    }

    @Test func escapesEveryValueFromTheInput() throws {
        let hostile = #"<script>alert("x")</script> & 'quoted'"#
        let html = try Gallery(manifest: manifest(displayName: hostile, device: "phone-1"), deviceNames: ["phone-1": #"Phone "<b>"#]).html()
        #expect(!html.contains("<script>alert"))
        #expect(html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39;"))
        #expect(html.contains("Phone &quot;&lt;b&gt;"))
        #expect(!html.contains(#"Phone "<b>"#))
    }

    @Test func showsEachVariantWithItsDetailsAndImage() throws {
        let html = try Gallery(manifest: manifest(displayName: "Winter", device: "iphone-15"), deviceNames: ["iphone-15": "iPhone 15"])
            .html()
        #expect(html.contains(#"<img src="../images/winter-phone-1179x2556-light.png""#))
        #expect(
            html.contains(#"data-idiom="phone" data-appearance="light" data-orientation="portrait" data-devices="iphone 15|iphone-15""#))
        #expect(html.contains("<dd>1179 × 2556 pixels, 1234 bytes</dd>"))
        #expect(html.contains("<dd>iPhone 15</dd>"))
        #expect(html.contains("<code>9b0c</code>"))
        #expect(html.contains("<dd>fallback (no schedule)</dd>"))
        #expect(!html.contains("http://") && !html.contains("https://"), "no network")
    }
}
