import Foundation
import LaunchScreenRepair
import Mustache

/// `index.html`: a self-contained page (inline CSS and JavaScript, no network) that shows every
/// variant as a thumbnail in groups, filters them by idiom, appearance, orientation, language
/// (when some variant is localized) and device name, and opens each one full size with its size,
/// devices, MD5, schedule and language.
///
/// The page references the PNGs by relative paths (`../images/<id>.png` for a render), so it is
/// written next to the images, never instead of them. Filters are read from the query string
/// (`index.html?idiom=pad&appearance=dark&language=ar&device=mini`), so a link can share a
/// filtered view. Every value is HTML-escaped by the template.
package struct Gallery: Sendable {
    /// One thumbnail and its full-size page.
    package struct Card: Sendable {
        package var variant: LaunchManifest.Variant
        /// The thumbnail's path, relative to the page.
        package var thumbnail: String
        /// The images the full-size view shows, labelled (`old`, `new`, `difference`).
        package var images: [(label: String, path: String)]
        /// A note shown under the thumbnail and in the full view, e.g. `3.2 % of pixels changed`.
        package var note: String?

        package init(variant: LaunchManifest.Variant, thumbnail: String, images: [(label: String, path: String)], note: String? = nil) {
            self.variant = variant
            self.thumbnail = thumbnail
            self.images = images
            self.note = note
        }
    }

    /// A titled group of cards: a layout in a render, a kind of change in a diff.
    package struct Group: Sendable {
        package var title: String
        package var subtitle: String
        package var cards: [Card]

        package init(title: String, subtitle: String, cards: [Card]) {
            self.title = title
            self.subtitle = subtitle
            self.cards = cards
        }
    }

    package var title: String
    package var summary: String
    package var groups: [Group]
    /// The layouts the cards draw, for their schedules.
    package var layouts: [LaunchManifest.Layout]
    /// Catalog device id → device name; ids without a name are shown as they are.
    package var deviceNames: [String: String]
    /// The language the language filter lists first (``LaunchManifest/developmentLanguage``).
    package var developmentLanguage: String?

    package init(
        title: String, summary: String, groups: [Group], layouts: [LaunchManifest.Layout], deviceNames: [String: String],
        developmentLanguage: String? = nil
    ) {
        self.title = title
        self.summary = summary
        self.groups = groups
        self.layouts = layouts
        self.deviceNames = deviceNames
        self.developmentLanguage = developmentLanguage
    }

    /// The gallery of one render: a group per layout, thumbnails from `imageFolder` (relative to the page).
    package init(manifest: LaunchManifest, deviceNames: [String: String], imageFolder: String = RenderFolderLayout.imagesFromGallery) {
        let groups = manifest.layouts.map { layout in
            let variants = manifest.variants.filter { $0.layout == layout.id }
            return Group(
                title: layout.displayName,
                subtitle: "\(layout.scheduleDescription) · \(variants.count) variants",
                cards: variants.map { variant in
                    let path = "\(imageFolder)/\(variant.id).png"
                    return Card(variant: variant, thumbnail: path, images: [("image", path)])
                }
            )
        }.filter { !$0.cards.isEmpty }
        let languages = ReviewLanguages(locales: manifest.variants.map(\.locale), developmentLanguage: manifest.developmentLanguage)
        let inLanguages = languages.isLocalized ? " in \(languages.tags.count) languages" : ""
        self.init(
            title: "Launch screens \(manifest.version)",
            summary: "\(manifest.variants.count) variants of \(manifest.layouts.count) layouts\(inLanguages) · \(manifest.generator)",
            groups: groups, layouts: manifest.layouts, deviceNames: deviceNames, developmentLanguage: manifest.developmentLanguage
        )
    }

    /// The page. The template is a resource of the compiler, `gallery.mustache`.
    package func html() throws(CompilerError) -> String {
        let template: MustacheTemplate
        do {
            guard let url = Bundle.module.url(forResource: "gallery", withExtension: "mustache") else {
                throw CompilerError(.galleryTemplateMissing)
            }
            template = try MustacheTemplate(string: String(decoding: try Data(contentsOf: url), as: UTF8.self))
        } catch let error as CompilerError {
            throw error
        } catch {
            throw CompilerError(Diagnostic.galleryTemplateUnusable(reason: "\(error)").placed(file: "gallery.mustache", path: nil))
        }
        return template.render(context)
    }

    private var context: [String: Any] {
        let schedules = Dictionary(layouts.map { ($0.id, $0.scheduleDescription) }, uniquingKeysWith: { first, _ in first })
        let names = Set(groups.flatMap { $0.cards.flatMap(\.variant.devices) }).map { deviceNames[$0] ?? $0 }.sorted()
        let total = groups.reduce(0) { $0 + $1.cards.count }
        let languages = ReviewLanguages(
            locales: groups.flatMap { $0.cards.map(\.variant.locale) }, developmentLanguage: developmentLanguage)
        var context: [String: Any] = [
            "title": title,
            "summary": summary,
            "total": total,
            "deviceNames": names,
            "groups": groups.enumerated().map { index, group -> [String: Any] in
                [
                    "anchor": "group-\(index + 1)",
                    "title": group.title,
                    "subtitle": group.subtitle,
                    "cards": group.cards.map {
                        card(for: $0, schedule: schedules[$0.variant.layout] ?? $0.variant.layout, localized: languages.isLocalized)
                    },
                ]
            },
        ]
        // The filter only where some variant is localized: a language-neutral render's page is as it was.
        if languages.isLocalized {
            var options = languages.tags.map { tag in ["value": tag, "label": ReviewLanguages.label(of: tag)] }
            if languages.hasNeutral { options.append(["value": ReviewLanguages.neutral, "label": "language-neutral"]) }
            context["localized"] = true
            context["languages"] = options
        }
        return context
    }

    private func card(for card: Card, schedule: String, localized: Bool) -> [String: Any] {
        let variant = card.variant
        let names = variant.devices.map { deviceNames[$0] ?? $0 }
        var context: [String: Any] = [
            "id": variant.id,
            "layout": variant.layout,
            "width": variant.width,
            "height": variant.height,
            "idiom": variant.idiom.rawValue,
            "appearance": variant.appearance.rawValue,
            "orientation": variant.orientation.rawValue,
            "devices": names.joined(separator: ", "),
            // What the device filter searches: names and ids, lower-cased.
            "deviceSearch": (names + variant.devices).joined(separator: "|").lowercased(),
            "md5": variant.md5,
            "bytes": variant.length,
            "schedule": schedule,
            "thumbnail": card.thumbnail,
            "images": card.images.map { ["label": $0.label, "path": $0.path] },
        ]
        if let note = card.note { context["note"] = note }
        if localized { context["language"] = language(of: variant) }
        return context
    }

    /// What the card says of its language: the tag, the English name and the name in the
    /// language itself (marked with its `lang`), or that the image serves every language.
    private func language(of variant: LaunchManifest.Variant) -> [String: Any] {
        guard let tag = variant.locale else { return ["filter": ReviewLanguages.neutral, "neutral": true] }
        var language: [String: Any] = ["filter": tag.lowercased(), "tag": tag, "label": ReviewLanguages.label(of: tag)]
        if let name = ReviewLanguages.name(of: tag) { language["name"] = name }
        if let autonym = ReviewLanguages.autonym(of: tag), autonym != language["name"] as? String {
            language["autonym"] = autonym
            language["direction"] = LanguageTag(tag)?.isRightToLeft == true ? "rtl" : "ltr"
        }
        return language
    }
}

extension LaunchManifest.Layout {
    /// `12-01 – 02-28, 2027-02-05 – 2027-02-12`, or `fallback (no schedule)`.
    var scheduleDescription: String {
        guard !isFallback else { return "fallback (no schedule)" }
        return schedule.map { "\($0.from) – \($0.through)" }.joined(separator: ", ")
    }
}
