import Foundation

/// One snapshot file as inspected: what the planner decides from, and what the next launch may
/// reuse without reading it.
struct Inspection {
    /// The file, its appearance not yet classified against the others.
    var file: SnapshotFile
    /// The entry's identity when it was listed.
    var identity: FileIdentity
    /// What was found in the file, for a file this module did not write (or `nil` when it
    /// could not be read this time).
    var observation: Ledger.Observation?
}

/// Reads what a snapshot file's plan needs, and no more: its header, its MD5 only when its size
/// is a candidate variant's, its pixels only when its appearance is unknown and matters. What
/// the ledger already knows of a file that kept its identity is not read again: a file this
/// module wrote (``Ledger/files``) or any other file it inspected (``Ledger/observations``).
struct SnapshotInspector<FS: FileSystem> {
    let request: RepairRequest
    let planner: RepairPlanner
    let ledger: Ledger
    let overrides: SlotOverrides
    let fileSystem: FS

    func inspect(_ entry: DirectoryEntry, in folder: URL) -> Inspection {
        if let ours = unchanged(entry) { return Inspection(file: ours, identity: entry.identity) }
        var file = SnapshotFile(name: entry.name, kind: entry.kind, byteCount: entry.size, header: nil)
        switch entry.kind {
        case .regular: break
        case .symbolicLink: file.problem = .symbolicLink
        case .directory: file.problem = .directoryEntry
        case .other: file.problem = .notARegularFile
        }
        guard file.problem == nil else { return Inspection(file: file, identity: entry.identity) }
        let recorded = ledger.observations[entry.name].flatMap { $0.identity == entry.identity ? $0 : nil }
        var reader = LazyFile(url: folder.appendingPathComponent(entry.name), fileSystem: fileSystem)
        defer { reader.close() }
        var observation = recorded ?? Ledger.Observation(identity: entry.identity)
        do {
            try inspect(&file, &observation, reader: &reader)
        } catch {
            file.problem = .unreadable(error)
            file.bytesRead = reader.bytesRead
            return Inspection(file: file, identity: entry.identity)
        }
        file.bytesRead = reader.bytesRead
        return Inspection(file: file, identity: entry.identity, observation: observation)
    }

    /// Fills `file` from `observation`, reading into it only what it lacks.
    private func inspect(
        _ file: inout SnapshotFile, _ observation: inout Ledger.Observation, reader: inout LazyFile<FS>
    ) throws(FileSystemError) {
        if observation.header == nil, observation.problem == nil {
            let source = try reader.source()
            do { observation.header = try ImageHeaderProbe.probe(source) } catch {
                if case .unreadable(let reason) = error.reason { throw reader.failure(reason) }
                observation.problem = error.summary
            }
        }
        file.problem = observation.problem.map(RepairReport.Cause.badHeader)
        guard let header = observation.header else { return }
        file.header = header
        let sameSize = request.manifest.variants(width: header.width, height: header.height, eitherOrientation: true)
        var lengths = Set(planner.candidates(width: header.width, height: header.height).map(\.length))
        lengths.formUnion(sameSize.map(\.length))
        if let recorded = ledger.files[file.name] { lengths.insert(recorded.bytes) }
        if lengths.contains(file.byteCount) {
            if observation.md5 == nil {
                let source = try reader.source()
                do { observation.md5 = try MD5Digest.hex(of: source) } catch { throw reader.failure(error.description) }
            }
            file.md5 = observation.md5
            file.identity = observation.identity
        }
        if let md5 = file.md5 {
            if let recorded = ledger.files[file.name], recorded.md5 == md5, recorded.bytes == file.byteCount {
                file.appearance = AppearanceEvidence(appearance: recorded.appearance, source: .ledger)
                file.orientation = recorded.orientation
            } else if let variant = sameSize.first(where: { $0.md5 == md5 && $0.length == file.byteCount }) {
                file.appearance = AppearanceEvidence(appearance: variant.appearance, source: .manifest)
            }
        }
        let measured = observation.luminance != nil || observation.pixelProblem != nil
        guard file.appearance.appearance == nil, !measured, request.environment.pinnedAppearance == nil,
            planner.appearanceMatters(width: header.width, height: header.height)
        else { return }
        switch header.format {
        case .aapl, .ktx, .ktx2:
            let source = try reader.source()
            do {
                let payload = try ASTCPayload.read(from: source)
                if let measured = VoidExtentLuminance.measure(payload) {
                    observation.luminance = measured.mean
                    observation.color = measured.meanColor
                } else {
                    observation.pixelProblem = "no void-extent block to measure"
                }
            } catch {
                if case .unreadable(let reason) = error.reason { throw reader.failure(reason) }
                observation.pixelProblem = error.description
            }
        case .png, .jpeg:
            let source = try reader.source()
            if ImageLuminance.isAvailable {
                let bytes: [UInt8]
                do { bytes = try source.bytes(at: 0, count: source.count) } catch { throw reader.failure(error.description) }
                observation.luminance = ImageLuminance.mean(of: Data(bytes))
            }
            if observation.luminance == nil {
                observation.pixelProblem = "\(header.format.rawValue) pixels need ImageIO, not available here"
            }
        }
    }

    /// The file as the ledger recorded it, when the entry still has the recorded identity and
    /// the recorded bytes are a variant of the manifest (a PNG of its pixel size) or the app's
    /// image for the slot.
    func unchanged(_ entry: DirectoryEntry) -> SnapshotFile? {
        guard entry.kind == .regular, let recorded = ledger.files[entry.name], recorded.identity == entry.identity,
            let variant = overrides.variant(recorded.variant) ?? planner.variant(recorded.variant, in: request.manifest),
            variant.md5 == recorded.md5, variant.length == recorded.bytes
        else { return nil }
        let format = overrides.record(variant.id)?.header.format ?? .png
        return SnapshotFile(
            name: entry.name, byteCount: entry.size, header: ImageHeader(format: format, width: variant.width, height: variant.height),
            md5: recorded.md5, appearance: AppearanceEvidence(appearance: recorded.appearance, source: .ledger),
            identity: entry.identity, orientation: recorded.orientation)
    }
}

/// A snapshot file opened the first time something must be read from it, with every byte read
/// counted.
struct LazyFile<FS: FileSystem> {
    let url: URL
    let fileSystem: FS
    private var opened: (file: any ReadableFile, counter: CountingByteSource)?

    init(url: URL, fileSystem: FS) {
        self.url = url
        self.fileSystem = fileSystem
    }

    /// Bytes read so far.
    var bytesRead: Int { opened?.counter.bytesRead ?? 0 }

    /// The file's bytes, opening it on first use.
    mutating func source() throws(FileSystemError) -> CountingByteSource {
        if let opened { return opened.counter }
        let file = try fileSystem.openForReading(url)
        let counter = CountingByteSource(file)
        opened = (file, counter)
        return counter
    }

    /// A read failure of this file.
    func failure(_ reason: String) -> FileSystemError {
        FileSystemError(path: url.path, operation: "read", reason: reason)
    }

    func close() { opened?.file.close() }
}
