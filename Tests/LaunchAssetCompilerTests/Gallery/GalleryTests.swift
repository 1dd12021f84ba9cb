import Foundation
import LaunchAssetCompiler
import LaunchScreenRepair
import Testing

@Suite("The gallery page")
struct GalleryTests {
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
        // A render without languages gets no language filter and says nothing of languages.
        #expect(!html.contains(#"name="language""#) && !html.contains("data-language") && !html.contains("<dt>Language</dt>"))
    }

    /// A render of `winter` in English, Arabic and Simplified Chinese, with one language-neutral size.
    private func localizedManifest() -> LaunchManifest {
        func variant(_ size: (Int, Int), _ locale: String?) -> LaunchManifest.Variant {
            .init(
                id: "winter-phone-\(size.0)x\(size.1)-light" + (locale.map { "-\($0)" } ?? ""), layout: "winter", width: size.0,
                height: size.1, orientation: .portrait, appearance: .light, idiom: .phone, devices: ["iphone-15"], md5: "9b0c",
                offset: 40, length: 1234, locale: locale)
        }
        return LaunchManifest(
            version: "0123456789abcdef", generator: "launch-assets test", pack: "LaunchAssets.launchpack",
            layouts: [.init(id: "winter", displayName: "Winter", priority: 0, schedule: [])],
            variants: [
                variant((1179, 2556), "en"), variant((1179, 2556), "ar"), variant((1179, 2556), "zh-Hans"), variant((640, 1136), nil),
            ],
            developmentLanguage: "en")
    }

    @Test func filtersByLanguageAndShowsEachVariantsLanguage() throws {
        let html = try Gallery(manifest: localizedManifest(), deviceNames: [:]).html()
        #expect(
            html.contains(
                #"<label>Language <select name="language"><option value="">all</option><option value="en">en · English</option>"#
                    + #"<option value="ar">ar · Arabic</option><option value="zh-Hans">zh-Hans · Chinese, Simplified</option>"#
                    + #"<option value="neutral">language-neutral</option></select></label>"#))
        #expect(html.contains("4 variants of 1 layouts in 3 languages"))
        // Cards carry what the filter compares, lower-cased like the other filters' values.
        #expect(html.contains(#"data-devices="iphone-15|iphone-15" data-language="ar">"#))
        #expect(html.contains(#"data-devices="iphone-15|iphone-15" data-language="zh-hans">"#))
        #expect(html.contains(#"data-devices="iphone-15|iphone-15" data-language="neutral">"#))
        #expect(html.contains(#"<span class="kind">phone · portrait · light</span><span class="kind">ar · Arabic</span>"#))
        #expect(
            html.contains(#"<span class="kind">phone · portrait · light</span></a>"#), "a language-neutral card names no language")
        // The detail view names the language, in English and in itself, marked with its tag and direction.
        #expect(
            html.contains(
                #"<dt>Language</dt><dd><code>ar</code> · Arabic · <span lang="ar" dir="rtl">العربية</span></dd>"#))
        #expect(
            html.contains(
                #"<dt>Language</dt><dd><code>zh-Hans</code> · Chinese, Simplified · <span lang="zh-Hans" dir="ltr">简体中文</span></dd>"#))
        #expect(html.contains(#"<dt>Language</dt><dd><code>en</code> · English</dd>"#), "no second name where it is the same")
        #expect(html.contains("<dt>Language</dt><dd>language-neutral: the same image in every language</dd>"))
        #expect(!html.contains("http://") && !html.contains("https://"), "no network")
    }

    @Test func theLanguageFilterListsTheDevelopmentLanguageFirst() throws {
        var manifest = localizedManifest()
        manifest.developmentLanguage = "zh-Hans"
        let html = try Gallery(manifest: manifest, deviceNames: [:]).html()
        let order = ["value=\"zh-Hans\"", "value=\"en\"", "value=\"ar\"", "value=\"neutral\""].map { html.range(of: $0)?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order.map { $0! } == order.map { $0! }.sorted())
    }
}
