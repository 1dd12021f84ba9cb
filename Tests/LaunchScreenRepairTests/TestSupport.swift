import Foundation
import Testing

@testable import LaunchScreenRepair

/// A manifest and pack built for tests: PNG-headed variants of known sizes, written into a pack
/// file with the real ``LaunchPack`` layout.
struct TestCatalog {
    struct Size {
        var idiom: Idiom
        var width: Int
        var height: Int
        var devices: [String] = []
        var salt: String = ""
    }

    var manifest: LaunchManifest
    var packURL: URL

    static let layouts: [LaunchManifest.Layout] = [
        .init(
            id: "winter", displayName: "Winter", priority: 0,
            schedule: [DateRange(from: SeasonDate("12-01")!, through: SeasonDate("02-28")!)]),
        .init(
            id: "spring", displayName: "Spring", priority: 0,
            schedule: [DateRange(from: SeasonDate("03-01")!, through: SeasonDate("05-31")!)]),
        .init(
            id: "festival", displayName: "Festival", priority: 0,
            schedule: [DateRange(from: SeasonDate("2027-02-05")!, through: SeasonDate("2027-02-12")!)]),
        .init(id: "default", displayName: "Default", priority: 0, schedule: []),
    ]

    /// iPhone 14 Pro portrait (the real fixtures' size) and iPad Pro 12.9" both orientations.
    static let standardSizes: [Size] = [
        Size(idiom: .phone, width: 1179, height: 2556, devices: ["iPhone15,2"]),
        Size(idiom: .pad, width: 2048, height: 2732, devices: ["iPad8,11"]),
        Size(idiom: .pad, width: 2732, height: 2048, devices: ["iPad8,11"]),
    ]

    /// Builds variants for every layout × size × appearance (× language, when `languages` are
    /// given: the first is the development language) and writes the pack into `folder`.
    /// Another `generation` gives every variant other bytes (a new manifest of the same art).
    init(
        in folder: URL, sizes: [Size] = TestCatalog.standardSizes, identicalAppearances: Bool = false, generation: String = "",
        languages: [String] = []
    ) throws {
        var variants: [LaunchManifest.Variant] = []
        var body = Data()
        let version = "test-\(UUID().uuidString.prefix(8))"
        let start = LaunchPack.headerLength(version: version)
        for layout in Self.layouts {
            for size in sizes {
                for appearance in Appearance.allCases {
                    for language in languages.isEmpty ? [nil] : languages.map(Optional.some) {
                        let orientation: Orientation = size.width > size.height ? .landscape : .portrait
                        let id =
                            "\(layout.id)-\(size.idiom.rawValue)-\(size.width)x\(size.height)\(size.salt)-\(orientation.rawValue)-\(appearance.rawValue)"
                            + (language.map { "-\($0)" } ?? "")
                        let contentKey = identicalAppearances ? id.replacingOccurrences(of: "-\(appearance.rawValue)", with: "") : id
                        let png = Self.png(width: size.width, height: size.height, text: contentKey + generation)
                        variants.append(
                            .init(
                                id: id, layout: layout.id, width: size.width, height: size.height,
                                orientation: orientation, appearance: appearance, idiom: size.idiom,
                                devices: size.devices, md5: MD5Digest.hex(of: png),
                                offset: start + body.count, length: png.count, locale: language))
                        body.append(png)
                    }
                }
            }
        }
        manifest = LaunchManifest(
            version: version, generator: "tests", pack: "Test.launchpack",
            layouts: Self.layouts, variants: variants, developmentLanguage: languages.first)
        packURL = folder.appendingPathComponent("Test.launchpack")
        try (LaunchPack.header(version: version, bodyLength: body.count) + body).write(to: packURL)
    }

    func pack() throws -> LaunchPack { try LaunchPack(contentsOf: packURL, for: manifest) }

    func variant(_ id: String) -> LaunchManifest.Variant { manifest.variants.first { $0.id == id }! }

    func bytes(_ id: String) throws -> Data { try pack().bytes(of: variant(id)) }

    /// A PNG signature, a real IHDR, the generator's mark, a tEXt chunk that makes each
    /// variant's bytes unique, IEND. Enough for the header probe; the engine never decodes PNG
    /// pixels.
    static func png(width: Int, height: Int, text: String) -> Data {
        func chunk(_ type: String, _ payload: [UInt8]) -> [UInt8] {
            let length = UInt32(payload.count)
            return [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
                + Array(type.utf8) + payload + [0, 0, 0, 0]
        }
        func be(_ value: Int) -> [UInt8] {
            [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        }
        var bytes = ImageHeaderProbe.pngSignature
        bytes += chunk("IHDR", be(width) + be(height) + [8, 6, 0, 0, 0])
        bytes += chunk("tEXt", GeneratorMark.text)
        bytes += chunk("tEXt", Array("Comment\u{0}\(text)".utf8) + [UInt8](repeating: 0x20, count: text.count * 13 % 97))
        bytes += chunk("IEND", [])
        return Data(bytes)
    }
}

/// An app container in a temporary folder, holding real snapshot fixtures.
struct TestContainer {
    static let bundleIdentifier = "com.example.seasons"
    let folder: TemporaryFolder
    var locator: SnapshotLocator {
        SnapshotLocator(container: folder.url.appendingPathComponent("Container"), bundleIdentifier: Self.bundleIdentifier)
    }
    var snapshots: URL { locator.snapshotFolder }

    init() throws {
        folder = try TemporaryFolder()
        try FileManager.default.createDirectory(at: locator.snapshotFolder, withIntermediateDirectories: true)
    }

    /// Copies a fixture into the snapshot folder under a device-style name; returns that name.
    @discardableResult
    func install(_ fixture: String, as name: String = "\(UUID().uuidString)@3x.ktx") throws -> String {
        try FileManager.default.copyItem(at: Fixtures.url("snapshots/\(fixture)"), to: snapshots.appendingPathComponent(name))
        return name
    }

    /// Writes bytes into the snapshot folder.
    func write(_ data: Data, as name: String) throws {
        try data.write(to: snapshots.appendingPathComponent(name))
    }

    func contents(_ name: String) throws -> Data { try Data(contentsOf: snapshots.appendingPathComponent(name)) }

    func inode(_ name: String) throws -> UInt64 {
        let attributes = try FileManager.default.attributesOfItem(atPath: snapshots.appendingPathComponent(name).path)
        return (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
    }

    func names() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: snapshots.path).sorted() }

    /// Installs the four real AAPL snapshots; returns name → fixture.
    @discardableResult
    func installRealAAPL() throws -> [String: (name: String, width: Int, height: Int, dark: Bool)] {
        var result: [String: (name: String, width: Int, height: Int, dark: Bool)] = [:]
        for fixture in Fixtures.aapl { result[try install(fixture.name)] = fixture }
        return result
    }
}

/// Builds a synthetic AAPL container: the real HEAD of a fixture with a new size, and an LZFS
/// chunk whose stream is one stored (`bvx-`) block of void-extent blocks of one colour.
enum SyntheticAAPL {
    /// A snapshot of one grey level (UNORM16).
    static func make(width: Int, height: Int, grey: UInt16) throws -> Data {
        try make(width: width, height: height, red: grey, green: grey, blue: grey)
    }

    /// A snapshot of one sRGB colour, each 8-bit component stored as UNORM16 (× 257).
    static func make(width: Int, height: Int, color: LaunchScreenColors.Color) throws -> Data {
        try make(
            width: width, height: height, red: UInt16(color.red) * 257, green: UInt16(color.green) * 257, blue: UInt16(color.blue) * 257)
    }

    private static func make(width: Int, height: Int, red: UInt16, green: UInt16, blue: UInt16) throws -> Data {
        let real = [UInt8](try Fixtures.data("snapshots/aapl-1179x2556-portrait-light.ktx"))
        var head = Array(real[0..<0x64])
        func putLE(_ value: Int, at index: Int, into bytes: inout [UInt8]) {
            for shift in 0..<4 { bytes[index + shift] = UInt8(value >> (8 * shift) & 0xFF) }
        }
        putLE(width, at: 0x28, into: &head)
        putLE(height, at: 0x2C, into: &head)
        var block: [UInt8] = [0xFC, 0xFD, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
        for component in [red, green, blue] { block += [UInt8(component & 0xFF), UInt8(component >> 8)] }
        block += [0xFF, 0xFF]
        let blocks = (width + 3) / 4 * ((height + 3) / 4)
        var payload = [UInt8]()
        payload.reserveCapacity(blocks * 16)
        for _ in 0..<blocks { payload += block }
        var stream = Array("bvx-".utf8) + [0, 0, 0, 0]
        putLE(payload.count, at: 4, into: &stream)
        stream += payload + Array("bvx$".utf8)
        var chunk = [UInt8](repeating: 0, count: 12)
        putLE(stream.count + 4, at: 0, into: &chunk)
        chunk[4..<8] = ArraySlice(Array("LZFS".utf8))
        putLE(stream.count, at: 8, into: &chunk)
        let end: [UInt8] = [0, 0, 0, 0] + Array("END ".utf8)
        return Data(head + chunk + stream + end)
    }
}

/// The real file system, with every mutation recorded and faults injected on demand.
final class RecordingFileSystem: FileSystem, @unchecked Sendable {
    enum Fault: Sendable {
        case failOpen(String)  // last path component
        case failWrite(String)
        case corruptAfterWrite(String)  // the first write "succeeds" but other bytes land
    }

    private let base = LocalFileSystem()
    private let lock = NSLock()
    private var _mutations: [String] = []
    private var _reads = 0
    private var _listed: [String] = []
    private var _bytesRead: [String: Int] = [:]
    private var _storageClasses: [String: StorageClass] = [:]
    private var corrupted = Set<String>()
    var faults: [Fault]

    init(faults: [Fault] = []) { self.faults = faults }

    /// Every write and removal, and every directory created by path, as `<operation> <path>`.
    var mutations: [String] { lock.withLock { _mutations } }
    /// The storage class last given to each path.
    var storageClasses: [String: StorageClass] { lock.withLock { _storageClasses } }
    /// Every folder listed, in order.
    var listed: [String] { lock.withLock { _listed } }
    /// How many files were opened for reading.
    var opens: Int { lock.withLock { _reads } }
    /// Bytes read through this file system from files under `folder`.
    func bytesRead(in folder: URL) -> Int {
        let prefix = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
        return lock.withLock { _bytesRead.filter { $0.key.hasPrefix(prefix) }.values.reduce(0, +) }
    }

    fileprivate func noteRead(_ count: Int, from url: URL) { lock.withLock { _bytesRead[url.path, default: 0] += count } }

    private func note(_ text: String) { lock.withLock { _mutations.append(text) } }

    func entries(in directory: URL) throws(FileSystemError) -> [DirectoryEntry] {
        lock.withLock { _listed.append(directory.path) }
        return try base.entries(in: directory)
    }
    func kind(of url: URL) -> FileKind? { base.kind(of: url) }

    func openForReading(_ url: URL) throws(FileSystemError) -> any ReadableFile {
        try counted(url) { () throws(FileSystemError) in try base.openForReading(url) }
    }

    func openForReading(_ name: String, in folder: OpenFolder) throws(FileSystemError) -> any ReadableFile {
        try counted(folder.url(of: name)) { () throws(FileSystemError) in try base.openForReading(name, in: folder) }
    }

    /// The file `open` opens at `url`, its opening and its reads counted, unless a fault fails it.
    private func counted(_ url: URL, _ open: () throws(FileSystemError) -> any ReadableFile) throws(FileSystemError) -> any ReadableFile {
        lock.withLock { _reads += 1 }
        for case .failOpen(let name) in faults where url.lastPathComponent == name {
            throw FileSystemError(path: url.path, operation: "open", reason: "Permission denied (injected)")
        }
        return CountedReadableFile(try open(), url: url, fileSystem: self)
    }

    func writeAtomically(_ data: Data, to url: URL) throws(FileSystemError) {
        note("write \(url.path)")
        // Faults hit the snapshot folder only, not the module's backups of the same name.
        let inSnapshots = url.deletingLastPathComponent().lastPathComponent.hasSuffix("{DEFAULT GROUP}")
        for case .failWrite(let name) in faults where inSnapshots && url.lastPathComponent == name {
            throw FileSystemError(path: url.path, operation: "rename", reason: "No space left on device (injected)")
        }
        for case .corruptAfterWrite(let name) in faults where inSnapshots && url.lastPathComponent == name {
            let first = lock.withLock { corrupted.insert(name).inserted }
            if first {
                try base.writeAtomically(Data(data.reversed()), to: url)
                return
            }
        }
        try base.writeAtomically(data, to: url)
    }

    func writeAtomically(_ data: Data, to name: String, in folder: OpenFolder) throws(FileSystemError) {
        note("write \(folder.url(of: name).path)")
        try base.writeAtomically(data, to: name, in: folder)
    }

    func removeItem(at url: URL) throws(FileSystemError) {
        note("remove \(url.path)")
        try base.removeItem(at: url)
    }

    func removeItem(_ name: String, in folder: OpenFolder) throws(FileSystemError) {
        note("remove \(folder.url(of: name).path)")
        try base.removeItem(name, in: folder)
    }

    func createDirectory(at url: URL) throws(FileSystemError) {
        if base.kind(of: url) == nil { note("mkdir \(url.path)") }
        try base.createDirectory(at: url)
    }

    func copyItem(at source: URL, to destination: URL) throws(FileSystemError) {
        note("copy \(source.path) \(destination.path)")
        try base.copyItem(at: source, to: destination)
    }

    func setStorageClass(_ storage: StorageClass, of url: URL) throws(FileSystemError) {
        lock.withLock { _storageClasses[url.standardizedFileURL.path] = storage }
        try base.setStorageClass(storage, of: url)
    }
}

/// An open file whose reads ``RecordingFileSystem`` counts.
final class CountedReadableFile: ReadableFile, @unchecked Sendable {
    private let file: any ReadableFile
    private let url: URL
    private let fileSystem: RecordingFileSystem

    init(_ file: any ReadableFile, url: URL, fileSystem: RecordingFileSystem) {
        self.file = file
        self.url = url
        self.fileSystem = fileSystem
    }

    var count: Int { file.count }
    var identity: FileIdentity { file.identity }
    func close() { file.close() }

    func bytes(at offset: Int, count: Int) throws(ByteSourceError) -> [UInt8] {
        let bytes = try file.bytes(at: offset, count: count)
        fileSystem.noteRead(bytes.count, from: url)
        return bytes
    }
}

extension RepairEnvironment {
    /// An iPhone 14 Pro on iOS 17, on a given day (noon UTC).
    static func phone(
        _ day: String = "2026-01-15", appVersion: String? = "1.0", system: String = "17.4",
        pinned: Appearance? = nil, passive: Bool = false
    ) -> RepairEnvironment {
        RepairEnvironment(
            systemVersion: SystemVersion(system)!, idiom: .phone, deviceModel: "iPhone15,2",
            currentAppearance: .light, currentOrientation: .portrait, pinnedAppearance: pinned,
            appVersion: appVersion, date: date(day), timeZone: TimeZone(identifier: "UTC")!,
            isPassiveLaunch: passive)
    }

    static func pad(_ day: String = "2026-01-15") -> RepairEnvironment {
        RepairEnvironment(
            systemVersion: SystemVersion(major: 17), idiom: .pad, appVersion: "1.0",
            date: date(day), timeZone: TimeZone(identifier: "UTC")!)
    }

    static func date(_ day: String) -> Date {
        let parts = day.split(separator: "-").map { Int($0)! }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: 12))!
    }
}

extension LaunchWindow {
    /// The window of an app in `environment`: `pointWidth` × `pointHeight` points at
    /// `screenScale` (the panel's `nativeScale`, when it differs), in the appearance the system
    /// drew in (a pinned style, else the user's) and the app's language.
    init(_ environment: RepairEnvironment, pointWidth: Double, pointHeight: Double, screenScale: Double, nativeScale: Double? = nil) {
        let native = nativeScale ?? screenScale
        self.init(
            orientation: pointWidth > pointHeight ? .landscape : .portrait,
            appearance: environment.pinnedAppearance ?? environment.currentAppearance, pointWidth: pointWidth,
            pointHeight: pointHeight, screenScale: native, language: environment.language,
            pixelSizes: SnapshotSize.of(points: (pointWidth, pointHeight), scales: [native, screenScale]))
    }
}

/// The launch's preparation and the decision for one window from what it read: what the app
/// side learns, off the main thread, when a scene of that window appears before the first write.
struct PreparedLaunch {
    var placeholder: PlaceholderReport
    var shown: LaunchScreenShown
}

extension SnapshotRepair {
    /// The launch's preparation for a screen of `window`'s size, and what `window` shows from it.
    static func prepareLaunch(
        _ locator: SnapshotLocator, environment: RepairEnvironment, window: LaunchWindow, manifest: LaunchManifest
    ) -> PreparedLaunch {
        let preparation = prepareLaunch(locator, environment: environment, screen: window.pixelSizes, manifest: manifest)
        return PreparedLaunch(
            placeholder: preparation.placeholder, shown: LaunchCoordinator.shown(in: window, from: preparation.observation))
    }
}

/// Records that `cause` is not the one a test expected (an `if case … {} else { unexpected(…) }`).
func unexpected(_ cause: (any CustomStringConvertible)?, sourceLocation: SourceLocation = #_sourceLocation) {
    Issue.record("unexpected cause: \(cause.map { "\($0)" } ?? "nil")", sourceLocation: sourceLocation)
}

extension RepairReport.Cause {
    /// Whether a file was skipped because its appearance is unknown and the variants differ,
    /// with or without why its pixels could not be measured.
    var isAppearanceUnknown: Bool {
        switch self {
        case .appearanceUnknown: true
        case .pixelsUnmeasured(let cause, _): cause.isAppearanceUnknown
        default: false
        }
    }
}

extension RemoteFetchReport.Cause {
    /// The store's error, when the store could not be used.
    var fileSystemError: FileSystemError? {
        switch self {
        case .fileSystem(let error), .failure(.store(let error)): error
        default: nil
        }
    }
}
