import Foundation
import LaunchScreenRepair

/// The generator pipeline: load and validate → expand variants → instantiate templates →
/// render with librsvg → encode PNG → pack and manifest.
///
/// The CLI and the build plugin both drive this type. It writes only rendered PNGs, into the
/// render cache or a scratch folder the caller provides; the output is written by
/// ``OutputWriter``.
public struct LaunchAssetGenerator: Sendable {
    public struct Configuration: Sendable {
        public var layoutsDirectory: URL
        public var templatesDirectory: URL
        /// A devices file that adds to or overrides the built-in catalog.
        public var devicesFile: URL?
        /// Render only these layout ids (all when empty).
        public var layoutIDs: [String]
        /// Render only for these idioms (all when empty): an iPhone-only app needs no iPad images.
        public var idioms: [Idiom]
        /// Replaces every layout's own `orientations` when set.
        public var orientations: OrientationPolicy?
        /// Replaces every layout's own `multitasking` when set.
        public var multitasking: Bool?
        /// Delivers these layouts remotely whatever their files say.
        public var remoteLayouts: RemoteLayoutSelection?
        /// The development language, the languages drawn, and the app's string tables.
        public var localization: LocalizationSettings

        public init(
            layoutsDirectory: URL,
            templatesDirectory: URL,
            devicesFile: URL? = nil,
            layoutIDs: [String] = [],
            idioms: [Idiom] = [],
            orientations: OrientationPolicy? = nil,
            multitasking: Bool? = nil,
            remoteLayouts: RemoteLayoutSelection? = nil,
            localization: LocalizationSettings = LocalizationSettings()
        ) {
            self.layoutsDirectory = layoutsDirectory
            self.templatesDirectory = templatesDirectory
            self.devicesFile = devicesFile
            self.layoutIDs = layoutIDs
            self.idioms = idioms
            self.orientations = orientations
            self.multitasking = multitasking
            self.remoteLayouts = remoteLayouts
            self.localization = localization
        }
    }

    public var configuration: Configuration

    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// Loads and checks every input and plans every variant; nothing is rasterized. Without
    /// `checkingInstances`, the instantiated SVGs are not parsed (`render --check`).
    public func plan(checkingInstances: Bool = true) throws(CompilerError) -> Plan {
        var warnings: [Diagnostic] = []
        var errors: [Diagnostic] = []
        var layouts: [SeasonalLayout] = []
        var catalog: DeviceCatalog?
        var templates: TemplateLibrary?
        do { layouts = try LayoutLoader(directory: configuration.layoutsDirectory).load(warnings: &warnings) } catch {
            errors += error.diagnostics
        }
        do { catalog = try DeviceCatalog.builtIn(extendedWith: configuration.devicesFile) } catch { errors += error.diagnostics }
        do { templates = try TemplateLibrary(directory: configuration.templatesDirectory) } catch { errors += error.diagnostics }
        guard errors.isEmpty, let catalog, let templates else { throw CompilerError(errors) }
        try configuration.remoteLayouts?.apply(to: &layouts)

        if !configuration.layoutIDs.isEmpty {
            let known = Set(layouts.map(\.id))
            let unknown = configuration.layoutIDs.filter { !known.contains($0) }
            guard unknown.isEmpty else {
                throw CompilerError(
                    Diagnostic.unknownLayouts(unknown, known: known).placed(
                        file: configuration.layoutsDirectory.relativePathForDisplay, path: nil))
            }
            layouts = layouts.filter { configuration.layoutIDs.contains($0.id) }
        }
        if let orientations = configuration.orientations {
            for index in layouts.indices { layouts[index].orientations = orientations }
        }
        if let multitasking = configuration.multitasking {
            for index in layouts.indices { layouts[index].multitasking = multitasking }
        }
        if !configuration.idioms.isEmpty {
            for index in layouts.indices { layouts[index].idioms = layouts[index].idioms.filter(configuration.idioms.contains) }
        }
        try configuration.localization.localize(&layouts, warnings: &warnings)
        let screens = Screen.distinct(in: catalog)
        let variants = try VariantPlanner(layouts: layouts, screens: screens, templates: templates).plan(
            checkingInstances: checkingInstances)
        var fonts: FontReport?
        if checkingInstances {
            let report = FontReport(layouts: layouts, variants: variants, templates: templates)
            let findings = report.diagnostics
            let fontErrors = findings.filter { $0.severity == .error }
            guard fontErrors.isEmpty else { throw CompilerError(fontErrors) }
            warnings += findings
            fonts = report
        }
        return Plan(
            layouts: layouts, catalog: catalog, screens: screens, variants: variants, templates: templates, warnings: warnings,
            fonts: fonts)
    }

    /// Everything `validate` checks: the plan, and librsvg parsing one instance per layout.
    public func validate() throws(CompilerError) -> Plan {
        let plan = try plan()
        let renderer = SVGRenderer()
        var errors: [Diagnostic] = []
        for layout in plan.layouts {
            guard let first = plan.variants.first(where: { $0.layout == layout.id }) else { continue }
            do {
                try renderer.parse(first.svg, baseFile: first.templateFile)
            } catch {
                errors.append(
                    Diagnostic(file: first.templateFile.relativePathForDisplay, path: "variant \(first.id)", message: error.description))
            }
        }
        guard errors.isEmpty else { throw CompilerError(errors) }
        return plan
    }

    /// Renders every planned variant on `jobs` threads, taking unchanged ones from `cache`, and
    /// packs the result. PNGs the cache does not keep are written to `scratch`, which must
    /// outlive the result. `launchScreenColors` go into the manifest when the render writes
    /// the launch storyboard, so the runtime can tell its snapshots apart.
    public func render(
        _ plan: Plan,
        jobs: Int,
        packName: String,
        scratch: URL,
        encoder: PNGEncoder = PNGEncoder(),
        cache: RenderCache? = nil,
        launchScreenColors: LaunchScreenColors? = nil,
        progress: @Sendable (Int) -> Void = { _ in }
    ) throws(CompilerError) -> GeneratedAssets {
        let queue = RenderQueue(jobs: jobs, renderer: SVGRenderer(encoder: encoder, fonts: plan.templates.fonts), cache: cache)
        let (images, cached, renderTimes) = try queue.render(plan.variants, scratch: scratch, progress: progress)
        cache?.prune()
        var assets = GeneratedAssets(
            layouts: plan.layouts, variants: plan.variants, images: images, packName: packName, devices: plan.catalog.devices,
            launchScreenColors: launchScreenColors
        )
        assets.cachedImages = cached
        assets.renderTimes = renderTimes
        return assets
    }
}
