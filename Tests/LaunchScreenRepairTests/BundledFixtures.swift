import TestSupport

/// The real files under this target's `Fixtures/`: snapshots, images, fuzz inputs, LZFSE and KTX
/// vectors.
let fixtures = FixtureFolder(in: .module)
