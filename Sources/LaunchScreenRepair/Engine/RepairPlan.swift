/// One file of the snapshot folder, as inspected: what the planner decides from, and what an
/// app's appearance hook (``RepairOptions/AppearanceHook``) is asked about.
public struct SnapshotFile: Codable, Sendable, Hashable {
    /// The file name (kept when replacing: the system looks it up by name).
    public var name: String
    /// What the entry is (only regular files are ever read or replaced).
    package var kind: FileKind
    /// Its size in bytes.
    public var byteCount: Int
    /// Its header, when it could be read.
    package var header: ImageHeader?
    /// Why the file cannot be used (symbolic link, unreadable, broken header), if so.
    package var problem: RepairReport.Cause?
    /// Lower-case hex MD5, computed only when the size equals a candidate variant's length, or
    /// the ledger's when the file's identity is the one recorded.
    public var md5: String?
    /// Its appearance and how it was decided.
    package var appearance: AppearanceEvidence
    /// Bytes read to inspect it.
    package var bytesRead: Int
    /// The `stat` identity the file had when ``md5`` was computed (or trusted from the ledger).
    package var identity: FileIdentity?
    /// The slot's orientation when the ledger knows it: a portrait image this module wrote into
    /// a landscape-sized file keeps that file's orientation. `nil`: the header's.
    package var orientation: Orientation?

    /// Creates a file value.
    package init(
        name: String, kind: FileKind = .regular, byteCount: Int, header: ImageHeader?, problem: RepairReport.Cause? = nil,
        md5: String? = nil, appearance: AppearanceEvidence = .unknown, bytesRead: Int = 0, identity: FileIdentity? = nil,
        orientation: Orientation? = nil
    ) {
        self.name = name
        self.kind = kind
        self.byteCount = byteCount
        self.header = header
        self.problem = problem
        self.md5 = md5
        self.appearance = appearance
        self.bytesRead = bytesRead
        self.identity = identity
        self.orientation = orientation
    }

    /// The slot's orientation: the ledger's, else the header's.
    public var slotOrientation: Orientation? { orientation ?? header?.orientation }
    /// Its pixel width, when its header could be read.
    public var width: Int? { header?.width }
    /// Its pixel height, when its header could be read.
    public var height: Int? { header?.height }
}

/// What to do with every snapshot file: the planner's pure output.
package struct RepairPlan: Codable, Sendable, Hashable {
    /// What to do with one file.
    package enum Action: String, Codable, Sendable, Hashable {
        /// The file already holds the right variant.
        case keep
        /// Write the variant over the file, keeping its name.
        case replace
        /// Leave the file alone; ``Step/cause`` says why.
        case skip
    }

    /// The decision for one file.
    package struct Step: Codable, Sendable, Hashable {
        /// The snapshot file name.
        package var name: String
        /// The decision.
        package var action: Action
        /// The variant kept or written.
        package var variant: String?
        /// Why the file is skipped.
        package var cause: RepairReport.Cause?
        /// The slot's orientation (``SnapshotFile/slotOrientation``).
        package var orientation: Orientation?
        /// The file's appearance evidence.
        package var appearance: AppearanceEvidence?

        /// Creates a step value.
        package init(
            name: String, action: Action, variant: String? = nil, cause: RepairReport.Cause? = nil,
            orientation: Orientation? = nil, appearance: AppearanceEvidence? = nil
        ) {
            self.name = name
            self.action = action
            self.variant = variant
            self.cause = cause
            self.orientation = orientation
            self.appearance = appearance
        }
    }

    /// The layout active for the day.
    package var layout: String
    /// One step per snapshot file, in name order.
    package var steps: [Step]

    /// Creates a plan value.
    package init(layout: String, steps: [Step]) {
        self.layout = layout
        self.steps = steps
    }
}

/// Decides, without any I/O, which variant belongs in each snapshot file.
///
/// Variants of the active layout and the device's idiom are matched by exact pixel size, or by
/// the swapped size when landscape-sized files take the portrait image (``OrientationPolicy``),
/// in the best language the layout has for the app's (``LanguageChain``).
/// Several variants of one size (same pixels, other safe areas) narrow to the device model when
/// known; otherwise a file holding any of them is current. A file is kept when its byte size and
/// MD5 equal the chosen variant's.
package struct RepairPlanner: Sendable {
    /// The manifest's variants.
    package let variants: [LaunchManifest.Variant]
    /// The active layout's identifier.
    package let layout: String
    /// The device's idiom.
    package let idiom: Idiom
    /// The device's catalog id (resolved from a hardware model identifier through the
    /// manifest's `models`), when known.
    package let deviceModel: String?
    /// The orientation policy.
    package let policy: OrientationPolicy
    /// The languages whose variants may be chosen, best first.
    package let language: LanguageChain

    /// A planner for one launch; `language` is the app's (``RepairEnvironment/language``).
    package init(
        manifest: LaunchManifest, layout: String, idiom: Idiom, deviceModel: String? = nil,
        policy: OrientationPolicy = .automatic, language: String? = nil
    ) {
        let chain = LanguageChain(language: language, developmentLanguage: manifest.developmentLanguage)
        self.language = chain
        self.variants = chain.preferred(manifest.variants(layout: layout, idiom: idiom))
        self.layout = layout
        self.idiom = idiom
        self.deviceModel = deviceModel.map(manifest.deviceID(forModel:))
        self.policy = policy
    }

    /// The variant of that id: the active layout's (this planner's few) are searched first.
    func variant(_ id: String, in manifest: LaunchManifest) -> LaunchManifest.Variant? {
        variants.first { $0.id == id } ?? manifest.variant(id: id)
    }

    /// The variants that fit a file of this pixel size, of either appearance, in the app's language.
    package func candidates(width: Int, height: Int) -> [LaunchManifest.Variant] {
        let portraitOnly = policy.isPortraitOnly(on: idiom)
        let fitting = variants.filter { variant in
            if portraitOnly {
                guard variant.orientation == .portrait else { return false }
                return (variant.width == width && variant.height == height)
                    || (variant.width == height && variant.height == width)
            }
            return variant.width == width && variant.height == height
        }
        guard let deviceModel else { return fitting }
        let forDevice = fitting.filter { $0.devices.contains(deviceModel) }
        return forDevice.isEmpty ? fitting : forDevice
    }

    /// Whether the light and dark candidates for this size differ, so the appearance matters.
    package func appearanceMatters(width: Int, height: Int) -> Bool {
        let all = candidates(width: width, height: height)
        let light = Set(all.filter { $0.appearance == .light }.map(\.md5))
        let dark = Set(all.filter { $0.appearance == .dark }.map(\.md5))
        return light != dark
    }

    /// The plan for the inspected files.
    package func plan(_ files: [SnapshotFile]) -> RepairPlan {
        RepairPlan(layout: layout, steps: files.sorted { $0.name < $1.name }.map(step))
    }

    func step(_ file: SnapshotFile) -> RepairPlan.Step {
        func skip(_ cause: RepairReport.Cause) -> RepairPlan.Step {
            RepairPlan.Step(
                name: file.name, action: .skip, cause: cause, orientation: file.slotOrientation,
                appearance: file.header == nil ? nil : file.appearance)
        }
        if let problem = file.problem { return skip(problem) }
        guard let header = file.header else { return skip(.noHeader) }
        let all = candidates(width: header.width, height: header.height)
        guard !all.isEmpty else {
            return skip(uncoveredSizeCause(width: header.width, height: header.height))
        }
        let chosen: [LaunchManifest.Variant]
        if let appearance = file.appearance.appearance {
            chosen = all.filter { $0.appearance == appearance }
            guard !chosen.isEmpty else {
                return skip(.noVariantOfAppearance(appearance, width: header.width, height: header.height, layout: layout))
            }
        } else if !appearanceMatters(width: header.width, height: header.height) {
            // The same images either way: the light variants name them, in whatever order the manifest lists them.
            chosen = all.filter { $0.appearance == .light } + all.filter { $0.appearance != .light }
        } else if file.appearance.source == .indistinguishable {
            return skip(.indistinguishablePair(width: header.width, height: header.height))
        } else {
            return skip(.appearanceUnknown(header.format))
        }
        if let current = chosen.first(where: { $0.length == file.byteCount && $0.md5 == file.md5 }) {
            return RepairPlan.Step(
                name: file.name, action: .keep, variant: current.id, orientation: file.slotOrientation,
                appearance: evidence(file, current))
        }
        let target = chosen[0]
        return RepairPlan.Step(
            name: file.name, action: .replace, variant: target.id, orientation: file.slotOrientation,
            appearance: evidence(file, target))
    }

    /// The evidence, completed with the variant's appearance when the file's own was unknown
    /// (identical light and dark variants).
    private func evidence(_ file: SnapshotFile, _ variant: LaunchManifest.Variant) -> AppearanceEvidence {
        file.appearance.appearance == nil ? AppearanceEvidence(appearance: variant.appearance, source: .manifest) : file.appearance
    }
}
