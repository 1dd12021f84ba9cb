import TestSupport

/// The real files under this target's `Fixtures/`: design exports, golden outputs and the SVG
/// reference renders.
let fixtures = FixtureFolder(in: .module)
