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

    /// The checked inputs and the variants they expand to.
    public struct Plan: Sendable {
        public var layouts: [SeasonalLayout]
        public var catalog: DeviceCatalog
        public var screens: [Screen]
        public var variants: [PlannedVariant]
        /// The templates the variants were instantiated from.
        public var templates: TemplateLibrary
        /// Findings that do not stop the render (schedule gaps and overlaps, font fallbacks).
        public var warnings: [Diagnostic]
        /// The font families the layouts' templates name and what they resolve to; `nil` when
        /// the instances were not checked.
        public var fonts: FontReport?

        /// The layouts delivered remotely.
        public var remoteLayouts: [SeasonalLayout] { layouts.filter { $0.delivery == .remote } }

        /// A warning for each layout that costs far more than the others to draw or to carry
        /// (``CostOutlier``), naming what it draws that costs: found after rendering, so that
        /// nobody learns of a 19-second drop shadow or a 27 MB photo from the app's size.
        public func costWarnings(for costs: [LayoutCost]) -> [Diagnostic] {
            CostOutlier.outliers(in: costs).compactMap { outlier in
                guard let layout = layouts.first(where: { $0.id == outlier.cost.layout }) else { return nil }
                let instance = variants.first { $0.layout == layout.id }
                return outlier.warning(for: layout, instance: instance, templates: templates)
            }
        }

        /// Checks that layouts delivered remotely have somewhere to come from: without a
        /// source, an app could never fetch them.
        public func checkRemoteSource(_ source: RemoteLayoutSource?) throws(CompilerError) {
            let remote = remoteLayouts
            guard source == nil, let first = remote.first else { return }
            let ids = remote.map { "\"\($0.id)\"" }.joined(separator: ", ")
            let subject = remote.count == 1 ? "layout \(ids) is" : "layouts \(ids) are"
            let message =
                "\(subject) delivered remotely, but no remote source is configured, so an app could never fetch \(remote.count == 1 ? "it" : "them"): "
                + "add \"remote\": { \"url\": \"https://…\", \"publicKey\": \"…\" } to launch-assets.json (render --config), "
                + "or give --remote-url and --remote-public-key (`launch-assets keygen` makes the key pair)"
            // Placed at the layout's "delivery" when its file says so; a command-line choice has no place.
            throw CompilerError(
                first.positions["delivery"] != nil ? first.diagnostic(at: "delivery", message) : Diagnostic(message: message))
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
                    Diagnostic(
                        file: configuration.layoutsDirectory.relativePathForDisplay,
                        message:
                            "no layout with id \(unknown.map { "\"\($0)\"" }.joined(separator: ", ")) (found: \(known.sorted().joined(separator: ", ")))"
                    ))
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
