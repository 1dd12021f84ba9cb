/// Where a snapshot's appearance came from, strongest first.
package enum AppearanceSource: String, Codable, Sendable, Hashable {
    /// The ledger: this module wrote these exact bytes under this name.
    case ledger
    /// The bytes are one of the manifest's variants (matched by MD5).
    case manifest
    /// The app pins `UIUserInterfaceStyle` in its Info.plist.
    case pinned
    /// Its background is the generated launch storyboard's light or dark colour
    /// (``LaunchManifest/launchScreenColors``).
    case launchScreen
    /// Measured from the pixels (ASTC void-extent blocks, or ImageIO where it exists).
    case pixels
    /// A light and dark pair that looks the same, filled by the app's
    /// ``IndistinguishablePairPolicy``.
    case policy
    /// A pair of same-size files whose pixels look the same: which is the light slot and which
    /// the dark cannot be told.
    case indistinguishable
    /// The app's ``AppearanceHook`` decided, where nothing else could tell.
    case app
    /// Nothing could tell.
    case unknown
}

/// A file's appearance and how it was decided.
package struct AppearanceEvidence: Codable, Sendable, Hashable {
    /// The appearance, or `nil` when unknown.
    package var appearance: Appearance?
    /// How it was decided.
    package var source: AppearanceSource
    /// The measured mean luminance (0 black … 1 white), when pixels were read.
    package var luminance: Double?

    /// Creates an evidence value.
    package init(appearance: Appearance?, source: AppearanceSource, luminance: Double? = nil) {
        self.appearance = appearance
        self.source = source
        self.luminance = luminance
    }

    /// Nothing known.
    package static let unknown = AppearanceEvidence(appearance: nil, source: .unknown)
}

/// Decides light or dark for each snapshot file: the ledger and the manifest's MD5 table first,
/// then a pinned interface style, then the launch storyboard's colours, then the luminance of
/// the pixels.
///
/// A file whose measured background colour is within 24 (Euclidean distance, in 0–255 sRGB
/// component units: colour management's drift) of the storyboard's light or dark colour
/// (``LaunchScreenColors``) has that appearance. The colours are used only when they are more
/// than twice that far apart, so that no colour is near both; and two same-size files that both
/// match the same colour are one picture twice, which the colours do not tell apart. A light and
/// dark pair that match is therefore never indistinguishable, whatever their luminances.
///
/// The files the colours do not decide go by luminance. Of two same-size files with measured
/// pixels, the darker is dark; a lone file is dark below mid-grey. Two same-size files that
/// measure the same are indistinguishable: neither is light or dark, unless the app chose a
/// policy for them.
package enum AppearanceClassifier {
    /// What is known about one file before classifying.
    package struct Sample: Sendable, Hashable {
        /// The snapshot's file name.
        package var name: String
        /// Its pixel width.
        package var width: Int
        /// Its pixel height.
        package var height: Int
        /// An appearance already known from the ledger or the manifest.
        package var known: AppearanceEvidence?
        /// The measured mean luminance, if the pixels could be read.
        package var luminance: Double?
        /// The measured background colour, if the pixels could be read so.
        package var color: LaunchScreenColors.Color?

        /// Creates a sample value.
        package init(
            name: String, width: Int, height: Int, known: AppearanceEvidence? = nil, luminance: Double? = nil,
            color: LaunchScreenColors.Color? = nil
        ) {
            self.name = name
            self.width = width
            self.height = height
            self.known = known
            self.luminance = luminance
            self.color = color
        }
    }

    /// Two luminances closer than this are the same picture: no order between them.
    package static let minimumDifference = 0.02

    /// The appearance of every sample, by file name; `launchScreen` is the storyboard's
    /// colours, when the manifest has them.
    package static func classify(
        _ samples: [Sample], pinned: Appearance?,
        pairs: IndistinguishablePairPolicy = .skip, launchScreen: LaunchScreenColors? = nil
    ) -> [String: AppearanceEvidence] {
        var result: [String: AppearanceEvidence] = [:]
        var measured: [Sample] = []
        for sample in samples {
            if let known = sample.known, known.appearance != nil {
                result[sample.name] = known
            } else if let pinned {
                result[sample.name] = AppearanceEvidence(appearance: pinned, source: .pinned, luminance: sample.luminance)
            } else if sample.luminance != nil || sample.color != nil {
                measured.append(sample)
            } else {
                result[sample.name] = .unknown
            }
        }
        let sizes = Dictionary(grouping: measured) { SizeKey(width: $0.width, height: $0.height) }
        for (_, sameSize) in sizes {
            var group: [Sample] = []
            for sample in colorMatched(sameSize, launchScreen: launchScreen, into: &result) {
                if sample.luminance != nil { group.append(sample) } else { result[sample.name] = .unknown }
            }
            if group.count == 2, let a = group[0].luminance, let b = group[1].luminance {
                guard abs(a - b) >= minimumDifference else {
                    // The same picture twice (a storyboard that ignores dark mode).
                    for sample in group {
                        result[sample.name] =
                            pairs.appearance.map { AppearanceEvidence(appearance: $0, source: .policy, luminance: sample.luminance) }
                            ?? AppearanceEvidence(appearance: nil, source: .indistinguishable, luminance: sample.luminance)
                    }
                    continue
                }
                let (darker, lighter) = a < b ? (group[0], group[1]) : (group[1], group[0])
                result[darker.name] = AppearanceEvidence(appearance: .dark, source: .pixels, luminance: darker.luminance)
                result[lighter.name] = AppearanceEvidence(appearance: .light, source: .pixels, luminance: lighter.luminance)
            } else {
                for sample in group { result[sample.name] = threshold(sample) }
            }
        }
        return result
    }

    private struct SizeKey: Hashable {
        var width: Int, height: Int
    }

    /// Classifies the same-size samples whose colour is one of the launch storyboard's, once
    /// each (two that match the same colour are one picture twice); returns the others.
    private static func colorMatched(
        _ sameSize: [Sample], launchScreen: LaunchScreenColors?, into result: inout [String: AppearanceEvidence]
    ) -> [Sample] {
        guard let launchScreen else { return sameSize }
        let matches = sameSize.map { sample in sample.color.flatMap(launchScreen.appearance(of:)) }
        var rest: [Sample] = []
        for (index, sample) in sameSize.enumerated() {
            guard let match = matches[index], matches.filter({ $0 == match }).count == 1 else {
                rest.append(sample)
                continue
            }
            result[sample.name] = AppearanceEvidence(appearance: match, source: .launchScreen, luminance: sample.luminance)
        }
        return rest
    }

    private static func threshold(_ sample: Sample) -> AppearanceEvidence {
        let luminance = sample.luminance ?? 0.5
        return AppearanceEvidence(appearance: luminance < 0.5 ? .dark : .light, source: .pixels, luminance: luminance)
    }
}
