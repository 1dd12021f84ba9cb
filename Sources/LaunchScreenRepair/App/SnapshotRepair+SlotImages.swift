import Foundation

/// The bytes a snapshot file holds now.
struct LaunchImage: Sendable, Hashable {
    /// The snapshot file's name.
    var name: String
    /// The container format: PNG and JPEG decode with `UIImage`; the system's own AAPL/KTX do not.
    var format: ImageFormat
    /// Its pixel width.
    var width: Int
    /// Its pixel height.
    var height: Int
    /// The file's bytes.
    var data: Data
}

extension SnapshotRepair {
    /// Puts the app's own image into every snapshot file of `slot` that has exactly its pixel
    /// size (a downloaded campaign picture, say), in place of the manifest's variant, and keeps
    /// it there: it is written again whenever the system redraws the slot, until
    /// ``removeLaunchImage(for:_:fileSystem:)``. Backups and ``restore(_:fileSystem:)`` work as
    /// for the manifest's images.
    ///
    /// Runs a repair (`request`) to apply it and returns its report. Throws, and keeps nothing,
    /// when the bytes are not PNG or JPEG, or when the slot's snapshot files exist but none has
    /// the image's size. With no snapshot of the slot yet, the image waits for the system to draw one.
    @discardableResult
    static func setLaunchImage(
        _ data: Data, for slot: LaunchSlot, _ request: RepairRequest, fileSystem: some FileSystem = LocalFileSystem()
    ) throws(RepairError) -> RepairReport {
        let header: ImageHeader
        do { header = try ImageHeaderProbe.probe(InMemoryBytes(data)) } catch { throw .notAnImage(error.summary) }
        guard header.format == .png || header.format == .jpeg else { throw .notAnImage("\(header.format.rawValue) data") }
        let paths = SnapshotPaths(request.locator)
        try changeOverride(paths: paths, fileSystem: fileSystem) { ledger throws(FileSystemError) in
            let file = slot.key
            try fileSystem.createFolder(at: paths.overrideFolder, .state)
            try fileSystem.writeAtomically(data, to: paths.overrideFolder.appendingPathComponent(file))
            ledger.overrides[slot.key] = Ledger.Override(file: file, md5: MD5Digest.hex(of: data), bytes: data.count, header: header)
        }
        let report = try run(request, fileSystem: fileSystem)
        let inSlot = report.files.filter { $0.orientation == slot.orientation && $0.appearance == slot.appearance }
        let id = SlotOverrides.prefix + slot.key
        guard inSlot.isEmpty || inSlot.contains(where: { $0.variant == id }) else {
            _ = try? removeLaunchImage(for: slot, request, fileSystem: fileSystem)
            let sizes = Set(inSlot.compactMap { file in file.width.flatMap { w in file.height.map { "\(w)x\($0)" } } })
            throw .sizeMismatch(slot: slot, image: "\(header.width)x\(header.height)", snapshots: sizes.sorted())
        }
        return report
    }

    /// Forgets the app's own image for `slot` and runs a repair (`request`) that puts the
    /// manifest's variants back into that slot's files.
    @discardableResult
    static func removeLaunchImage(
        for slot: LaunchSlot, _ request: RepairRequest, fileSystem: some FileSystem = LocalFileSystem()
    ) throws(RepairError) -> RepairReport {
        let paths = SnapshotPaths(request.locator)
        try changeOverride(paths: paths, fileSystem: fileSystem) { ledger throws(FileSystemError) in
            guard let record = ledger.overrides.removeValue(forKey: slot.key) else { return }
            let file = paths.overrideFolder.appendingPathComponent(record.file)
            if fileSystem.kind(of: file) != nil { try fileSystem.removeItem(at: file) }
        }
        return try run(request, fileSystem: fileSystem)
    }

    /// The bytes of the snapshot file now in `slot`: the full-screen one (the largest) when the
    /// slot has several. Reads and decides as a dry run, writing nothing; `nil` when no file of
    /// the slot can be told.
    static func launchImage(
        for slot: LaunchSlot, _ request: RepairRequest, fileSystem: some FileSystem = LocalFileSystem()
    ) -> LaunchImage? {
        var dryRun = request
        dryRun.dryRun = true
        guard let report = try? run(dryRun, fileSystem: fileSystem) else { return nil }
        let inSlot = report.files.filter { file in
            file.orientation == slot.orientation && file.appearance == slot.appearance && file.width != nil && file.height != nil
        }
        guard let file = inSlot.max(by: { $0.width! * $0.height! < $1.width! * $1.height! }), let format = file.format,
            let data = try? fileSystem.contents(of: SnapshotPaths(request.locator).snapshotFolder.appendingPathComponent(file.name))
        else { return nil }
        return LaunchImage(name: file.name, format: format, width: file.width!, height: file.height!, data: data)
    }

    /// Changes the ledger's overrides under the container's lock.
    private static func changeOverride(
        paths: SnapshotPaths, fileSystem: some FileSystem,
        _ change: (inout Ledger) throws(FileSystemError) -> Void
    ) throws(RepairError) {
        let lock: RepairLock
        switch RepairLock.take(paths, fileSystem: fileSystem) {
        case .acquired(let taken): lock = taken
        case .busy: throw .busy
        case .failed(let error): throw .write("lock: \(error.description)")
        }
        defer { lock.release() }
        let loaded = Ledger.load(from: paths.ledgerFile, fileSystem: fileSystem)
        guard !loaded.readFailed else { throw .write(loaded.problem?.description ?? "ledger unreadable") }
        var ledger = loaded.ledger
        do {
            try change(&ledger)
            try fileSystem.writeAtomically(ledger.encoded(), to: paths.ledgerFile)
        } catch {
            throw .write(error.description)
        }
    }
}
