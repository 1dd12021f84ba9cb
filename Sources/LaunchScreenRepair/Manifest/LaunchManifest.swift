/// The contract between the `launch-assets` generator and the runtime.
///
/// The generator writes it twice: as `manifest.json` and in the generated `<Type>.swift`, whose
/// variants are one `VariantTable` per layout, read when a lookup needs that layout. Its JSON
/// field names are a public contract that scripts and CI read. Lookups go through an index
/// (`LaunchManifest.variant(id:)`).
public struct LaunchManifest: Codable, Sendable, Hashable {
    /// The manifest format this value follows; see ``LaunchManifest/currentSchemaVersion``.
    public var schemaVersion: Int
    /// A stamp derived from the content: the same inputs always give the same stamp.
    public var version: String
    /// The generator that wrote the manifest, as `launch-assets <version>`.
    public var generator: String
    /// The file name of the pack that holds every variant's bytes.
    public var pack: String
    /// The seasonal layouts, in the order the generator loaded them.
    public var layouts: [Layout]
    /// Every rendered image, by layout: within a layout, `manifest.json` lists them by idiom,
    /// size, orientation and appearance, the generated `<Type>.swift` by id (its lookups search
    /// by halves). Lookups find a variant by what it is, never by where it is listed.
    public var variants: [Variant] {
        get { storage.variants }
        set { storage = VariantStorage(newValue) }
    }
    /// Hardware model identifier (`iPhone15,2`) → catalog device id, for the devices the
    /// variants name: how the runtime finds its own device among a variant's `devices`.
    public var models: [String: String]
    /// The background colours, light and dark, of the launch storyboard the generator wrote;
    /// `nil` (absent from the JSON) when it wrote none. They let the runtime tell a snapshot's
    /// appearance from its background colour (`AppearanceSource.launchScreen`).
    public var launchScreenColors: LaunchScreenColors?
    /// The BCP 47 tag of the language the layouts' strings are written in, when some layout is
    /// localized: the last resort of a language's fallback chain (`LanguageChain`). Absent
    /// from the JSON when every variant is language-neutral.
    public var developmentLanguage: String?
    /// The variants, as values or as the generated tables' text.
    var storage: VariantStorage

    /// The schema version this library writes and reads.
    public static let currentSchemaVersion = 1

    public init(
        schemaVersion: Int = LaunchManifest.currentSchemaVersion,
        version: String,
        generator: String,
        pack: String,
        layouts: [Layout],
        variants: [Variant],
        models: [String: String] = [:],
        launchScreenColors: LaunchScreenColors? = nil,
        developmentLanguage: String? = nil
    ) {
        self.init(
            schemaVersion: schemaVersion, version: version, generator: generator, pack: pack, layouts: layouts,
            storage: VariantStorage(variants), models: models, launchScreenColors: launchScreenColors,
            developmentLanguage: developmentLanguage)
    }

    /// A manifest whose variants are `VariantTable` texts, one per layout id, in the order of
    /// `layouts`: how the generated `<Type>.swift` writes them. A layout's text is read when a
    /// lookup needs it. The generator wrote the tables, so one it cannot read is a programming
    /// error (an edited generated file), and stops the app.
    public init(
        schemaVersion: Int = LaunchManifest.currentSchemaVersion,
        version: String,
        generator: String,
        pack: String,
        layouts: [Layout],
        variantTables: [String: String],
        models: [String: String] = [:],
        launchScreenColors: LaunchScreenColors? = nil,
        developmentLanguage: String? = nil
    ) {
        self.init(
            schemaVersion: schemaVersion, version: version, generator: generator, pack: pack, layouts: layouts,
            storage: VariantStorage(tables: variantTables, layouts: layouts.map(\.id), manifestVersion: version), models: models,
            launchScreenColors: launchScreenColors, developmentLanguage: developmentLanguage)
    }

    private init(
        schemaVersion: Int, version: String, generator: String, pack: String, layouts: [Layout], storage: VariantStorage,
        models: [String: String], launchScreenColors: LaunchScreenColors?, developmentLanguage: String?
    ) {
        self.schemaVersion = schemaVersion
        self.version = version
        self.generator = generator
        self.pack = pack
        self.layouts = layouts
        self.storage = storage
        self.models = models
        self.launchScreenColors = launchScreenColors
        self.developmentLanguage = developmentLanguage
    }

    private enum CodingKeys: String, CodingKey {
        case schemaVersion, version, generator, pack, layouts, variants, models, launchScreenColors, developmentLanguage
    }

    /// Decodes a manifest; `models` is optional so that hand-written manifests may leave it out,
    /// and `launchScreenColors` and `developmentLanguage` so that manifests written before them
    /// are read as they were.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try container.decode(Int.self, forKey: .schemaVersion)
        version = try container.decode(String.self, forKey: .version)
        generator = try container.decode(String.self, forKey: .generator)
        pack = try container.decode(String.self, forKey: .pack)
        layouts = try container.decode([Layout].self, forKey: .layouts)
        storage = VariantStorage(try container.decode([Variant].self, forKey: .variants))
        models = try container.decodeIfPresent([String: String].self, forKey: .models) ?? [:]
        launchScreenColors = try container.decodeIfPresent(LaunchScreenColors.self, forKey: .launchScreenColors)
        developmentLanguage = try container.decodeIfPresent(String.self, forKey: .developmentLanguage)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schemaVersion, forKey: .schemaVersion)
        try container.encode(version, forKey: .version)
        try container.encode(generator, forKey: .generator)
        try container.encode(pack, forKey: .pack)
        try container.encode(layouts, forKey: .layouts)
        try container.encode(variants, forKey: .variants)
        try container.encode(models, forKey: .models)
        try container.encodeIfPresent(launchScreenColors, forKey: .launchScreenColors)
        try container.encodeIfPresent(developmentLanguage, forKey: .developmentLanguage)
    }

    /// The catalog device id for a hardware model identifier, or the argument itself when it
    /// already is a catalog id (or unknown).
    package func deviceID(forModel model: String) -> String {
        models[model] ?? model
    }

    /// Equal when every field is, however the variants are held.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.schemaVersion == rhs.schemaVersion && lhs.version == rhs.version && lhs.generator == rhs.generator
            && lhs.pack == rhs.pack && lhs.layouts == rhs.layouts && lhs.variants == rhs.variants && lhs.models == rhs.models
            && lhs.launchScreenColors == rhs.launchScreenColors && lhs.developmentLanguage == rhs.developmentLanguage
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(schemaVersion)
        hasher.combine(version)
        hasher.combine(generator)
        hasher.combine(pack)
        hasher.combine(layouts)
        hasher.combine(variants)
        hasher.combine(models)
        hasher.combine(launchScreenColors)
        hasher.combine(developmentLanguage)
    }
}

extension LaunchManifest {
    /// One seasonal look, with the dates on which it is shown.
    public struct Layout: Codable, Sendable, Hashable, Identifiable {
        /// The layout's identifier, unique within a manifest.
        public var id: String
        /// A human-readable name.
        public var displayName: String
        /// Among layouts active on the same day and of the same kind (absolute or yearly), the higher wins.
        public var priority: Int
        /// The date ranges on which the layout is active; empty for the fallback layout.
        public var schedule: [DateRange]
        /// Where the layout's images come from: the bundled pack, or the app's remote layout
        /// source. Absent from the JSON of bundled layouts.
        public var delivery: Delivery

        public init(id: String, displayName: String, priority: Int, schedule: [DateRange], delivery: Delivery = .bundled) {
            self.id = id
            self.displayName = displayName
            self.priority = priority
            self.schedule = schedule
            self.delivery = delivery
        }

        /// Whether this is the layout shown when no schedule matches.
        public var isFallback: Bool { schedule.isEmpty }

        private enum CodingKeys: String, CodingKey {
            case id, displayName, priority, schedule, delivery
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            displayName = try container.decode(String.self, forKey: .displayName)
            priority = try container.decode(Int.self, forKey: .priority)
            schedule = try container.decode([DateRange].self, forKey: .schedule)
            delivery = try container.decodeIfPresent(Delivery.self, forKey: .delivery) ?? .bundled
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(displayName, forKey: .displayName)
            try container.encode(priority, forKey: .priority)
            try container.encode(schedule, forKey: .schedule)
            if delivery != .bundled { try container.encode(delivery, forKey: .delivery) }
        }
    }

    /// How a layout's images reach the device.
    public enum Delivery: String, Codable, Sendable, Hashable, CaseIterable {
        /// In the pack inside the app.
        case bundled
        /// Kept out of the app: fetched ahead of the layout's dates from the app's remote
        /// source (``RemoteLayoutSource``), one file per image, verified by signature and hash.
        case remote
    }

    /// One rendered image: a layout drawn for one screen size, orientation and appearance, and
    /// for one language when its text differs between languages.
    public struct Variant: Codable, Sendable, Hashable, Identifiable {
        /// Unique within a manifest, e.g. `winter-phone-1179x2556-dark`.
        public var id: String
        /// The ``LaunchManifest/Layout/id`` this variant draws.
        public var layout: String
        /// Width in pixels.
        public var width: Int
        /// Height in pixels.
        public var height: Int
        public var orientation: Orientation
        public var appearance: Appearance
        public var idiom: Idiom
        /// Identifiers of the catalog devices whose screen this variant fits.
        public var devices: [String]
        /// Lower-case hex MD5 of the PNG bytes.
        public var md5: String
        /// Where the PNG bytes start, counted in the full pack (an idiom's pack in an asset
        /// catalog holds a window of it: `LaunchPack`); `nil` for a remote layout's variant,
        /// whose bytes are not bundled.
        public var offset: Int?
        /// How many bytes the PNG has.
        public var length: Int
        /// Lower-case hex SHA-256 of the PNG bytes: the file name a remote layout's image is
        /// published under. Absent for bundled variants.
        public var sha256: String?
        /// The iPad multitasking window the image fills, or `nil` for the full screen. Absent
        /// from the JSON of full-screen variants (and of manifests written before windows existed).
        public var window: MultitaskingWindow?
        /// The BCP 47 tag of the language whose text the image shows (`zh-Hans`, `ar`), or `nil`
        /// for an image that is the same in every language. Absent from the JSON when `nil`.
        public var locale: String?

        public init(
            id: String,
            layout: String,
            width: Int,
            height: Int,
            orientation: Orientation,
            appearance: Appearance,
            idiom: Idiom,
            devices: [String],
            md5: String,
            offset: Int?,
            length: Int,
            sha256: String? = nil,
            window: MultitaskingWindow? = nil,
            locale: String? = nil
        ) {
            self.id = id
            self.layout = layout
            self.width = width
            self.height = height
            self.orientation = orientation
            self.appearance = appearance
            self.idiom = idiom
            self.devices = devices
            self.md5 = md5
            self.offset = offset
            self.length = length
            self.sha256 = sha256
            self.window = window
            self.locale = locale
        }

        /// Where the bytes lie in the full pack; `nil` for a remote layout's variant.
        package var packRange: Range<Int>? { offset.map { $0..<$0 + length } }
    }
}

/// Portrait is taller than wide; landscape is wider than tall.
public enum Orientation: String, Codable, Sendable, Hashable, CaseIterable {
    case portrait
    case landscape
}

/// The system's light or dark user-interface style.
public enum Appearance: String, Codable, Sendable, Hashable, CaseIterable {
    case light
    case dark
}

/// An iPad window smaller than the screen whose size the system fixes, so it can be pre-rendered:
/// Split View at a third, half or two thirds of the screen width, and Slide Over. (Stage
/// Manager windows can be any size.)
public enum MultitaskingWindow: String, Codable, Sendable, Hashable, CaseIterable {
    case splitViewOneThird = "splitView-1/3"
    case splitViewHalf = "splitView-1/2"
    case splitViewTwoThirds = "splitView-2/3"
    case slideOver
}

/// The kind of device: iPhone (and iPod touch) or iPad.
public enum Idiom: String, Codable, Sendable, Hashable, CaseIterable {
    case phone
    case pad
}
