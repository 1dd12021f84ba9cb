import Crypto
import Foundation

/// One fetch, under the store's lock: manifest and signature → verify → the module's switch →
/// the images the device needs → `layouts.json` → prune. Every refusal leaves the store as it was.
struct RemoteFetchRun<FS: FileSystem> {
    let request: RemoteFetchRequest
    let store: RemoteStore<FS>
    let key: Curve25519.Signing.PublicKey
    var report: RemoteFetchReport
    let transfer: HTTPTransfer

    init(request: RemoteFetchRequest, store: RemoteStore<FS>, key: Curve25519.Signing.PublicKey, report: RemoteFetchReport) {
        self.request = request
        self.store = store
        self.key = key
        self.report = report
        // A second to an hour: a watchdog needs a period, and ten times the timeout must fit in nanoseconds.
        transfer = HTTPTransfer(timeout: min(max(request.timeout, 1), 3600))
    }

    var fileSystem: FS { store.fileSystem }

    mutating func execute() -> RemoteFetchReport {
        let base = request.source.url
        let manifestURL = base.appendingPathComponent(RemoteManifest.fileName)
        let signatureURL = base.appendingPathComponent(RemoteManifest.signatureFileName)
        let manifestData: Data
        let signature: Data
        do {
            manifestData = try download(manifestURL, limit: RemoteManifest.sizeLimit)
            signature = try download(signatureURL, limit: RemoteManifest.signatureSizeLimit)
        } catch {
            return report.stopped(Self.status(of: error), error.description)
        }
        let manifest: RemoteManifest
        do {
            manifest = try RemoteManifest.verified(
                manifestData, signature: signature, publicKey: key, url: manifestURL, bundled: request.manifest)
        } catch {
            return report.stopped(.refused, error.description)
        }
        if let refusal = replayRefusal(manifest, data: manifestData, url: manifestURL) {
            return report.stopped(.refused, refusal.description)
        }
        do { try store.keep(manifest: manifestData, signature: signature) } catch {
            return report.stopped(.incomplete, "the verified manifest could not be stored: \(error.description)")
        }
        report.published = manifest.published
        guard applySwitch(manifest) else { return report }
        fetchImages(manifest)
        return report
    }

    /// Why a verified manifest may not replace the stored one: published too far after the
    /// device's clock, before the stored one, or at the same time with other bytes. The stored
    /// one sets that floor only if it verifies with the app's current key and is not itself
    /// from the future (a key rotation or a wrong time signed earlier must not lock out later
    /// manifests).
    mutating func replayRefusal(_ manifest: RemoteManifest, data: Data, url: URL) -> RemoteFetchError? {
        let clock = Int(request.environment.date.timeIntervalSince1970)
        let latest = clock + RemoteManifest.clockSlack
        guard manifest.published <= latest else { return .future(url.absoluteString, published: manifest.published, clock: clock) }
        guard let stored = store.storedManifest(verifiedWith: key, publishedBy: latest) else { return nil }
        report.previousPublished = stored.published
        if manifest.published < stored.published {
            return .older(url.absoluteString, published: manifest.published, stored: stored.published)
        }
        if manifest.published == stored.published, data != stored.data {
            return .republished(url.absoluteString, published: manifest.published)
        }
        return nil
    }

    /// Refusals are what the server sent; the rest is not reaching it.
    static func status(of failure: RemoteFetchError) -> RemoteFetchReport.Status {
        switch failure {
        case .tooLarge, .encoded, .insecureRedirect, .badSignature, .malformed, .schema, .older, .republished, .future, .digestMismatch:
            .refused
        default: .unreachable
        }
    }

    /// A small file, whole, into memory.
    func download(_ url: URL, limit: Int) throws(RemoteFetchError) -> Data {
        let body = BoundedBody(url: url, limit: limit)
        if let failure = transfer.get(url, into: body) { throw failure }
        return body.data
    }

    // MARK: - The module's switch

    /// Switches the module off for `enabled: false`, back on for `enabled: true` when a remote
    /// manifest had switched it off; an app's own switch stays. Whether to go on to the images.
    mutating func applySwitch(_ manifest: RemoteManifest) -> Bool {
        let locator = request.locator
        let current = SnapshotRepair.disabledReason(locator, fileSystem: fileSystem)
        let remote = current?.hasPrefix(RemoteLayoutFetch.switchOffReasonPrefix) ?? false
        guard manifest.enabled else {
            report.status = .switchedOff
            if let current, !remote {
                report.moduleSwitch = .offByApp
                report.reason = "the manifest switches the module off; the app had already switched it off (\(current))"
                return false
            }
            report.reason = "the manifest published \(RemoteFetchError.date(manifest.published)) has enabled: false"
            guard current == nil else { return false }
            do {
                report.restore = try SnapshotRepair.setEnabled(
                    false, reason: "\(RemoteLayoutFetch.switchOffReasonPrefix) published \(RemoteFetchError.date(manifest.published))",
                    locator, fileSystem: fileSystem)
                report.moduleSwitch = .switchedOff
            } catch {
                report.reason = (report.reason ?? "") + "; switching off failed: \(error.description)"
            }
            return false
        }
        if remote {
            do {
                try SnapshotRepair.setEnabled(true, locator, fileSystem: fileSystem)
                report.moduleSwitch = .switchedOn
                report.changesToday = true
            } catch {
                report.notes.append("switching the module back on failed: \(error.description)")
            }
        } else if let current {
            report.moduleSwitch = .offByApp
            report.notes.append("the module stays switched off by the app (\(current))")
        }
        return true
    }

    // MARK: - Images

    /// Downloads the images the device's snapshot files need, writes `layouts.json`, and prunes
    /// what no layout needs once every needed image is stored.
    mutating func fetchImages(_ manifest: RemoteManifest) {
        let environment = request.environment
        let stored = StoredRemoteLayouts(
            published: manifest.published, layouts: manifest.layouts, variants: manifest.variants, models: manifest.models, stored: [],
            missing: [:])
        // A remote layout of the app's that the newest manifest does not list was withdrawn: not fetched, its images pruned.
        let listed = Set(manifest.layouts.map(\.id))
        let withdrawn = request.manifest.layouts.filter { $0.delivery == .remote && !listed.contains($0.id) }.map(\.id)
        for id in withdrawn {
            report.notes.append("layout \(id) is not in the manifest published \(RemoteFetchError.date(manifest.published)): not fetched")
        }
        let full = RemoteLayoutOverlay(bundled: request.manifest, stored: stored).manifest(excluding: Set(withdrawn))
        let window = PrefetchWindow(from: environment.date, days: request.source.prefetchDays, timeZone: environment.timeZone)
        let sizes = SnapshotSizes.read(request.locator, fileSystem: fileSystem)
        let selection = RemoteSelection(
            manifest: full, window: window, environment: environment, policy: request.orientationPolicy, sizes: sizes)
        report.layouts = selection.layouts.map(\.id)
        report.snapshotSizes = sizes.map(\.description)
        guard !sizes.isEmpty else {
            // The system draws them at the next launch (after an install, an update, a language
            // change): until then the store stays as it is, nothing pruned.
            report.notes.append("no snapshot files yet: the images are chosen once the system has drawn the launch screen")
            return
        }

        var storedImages: [String] = []
        var missing: [String: String] = [:]
        let todays = Set(selection.layouts.filter(window.includesToday).map(\.id))
        for image in selection.images {
            let file = fetch(image)
            if file.outcome == .failed {
                missing[image.sha256] = file.reason ?? "failed"
            } else {
                storedImages.append(image.sha256)
                if file.outcome != .alreadyStored, !todays.isDisjoint(with: image.layouts) { report.changesToday = true }
            }
            report.files.append(file)
        }

        var models: [String: String] = [:]
        if let model = environment.deviceModel, let device = full.models[model] { models[model] = device }
        let layouts = StoredRemoteLayouts(
            published: manifest.published, layouts: selection.layouts, variants: selection.variants, models: models,
            stored: storedImages.sorted(), missing: missing, withdrawn: withdrawn)
        do { try store.keep(layouts: layouts) } catch {
            report = report.stopped(
                .incomplete, "\(StoredRemoteLayouts.fileName) could not be written, launches use the one before: \(error.description)")
            return
        }
        guard missing.isEmpty else {
            report.status = .incomplete
            return
        }
        report.removed = store.prune(keeping: Set(storedImages))
    }

    /// One image: already stored, or downloaded (resuming a partial download) and verified.
    mutating func fetch(_ image: RemoteSelection.Image) -> RemoteFetchReport.FileReport {
        let path = RemoteManifest.imagePath(sha256: image.sha256)
        var file = RemoteFetchReport.FileReport(path: path, variants: image.variants, outcome: .failed)
        if store.hasImage(image.sha256, length: image.length) {
            file.outcome = .alreadyStored
            return file
        }
        let url = request.source.url.appendingPathComponent(path)
        let partialURL = store.partialFile(image.sha256)
        let partial: PartialDownload
        do {
            try store.checkFolders()
            try fileSystem.createDirectory(at: store.partialFolder)
            partial = try PartialDownload(url: url, file: partialURL, length: image.length)
        } catch {
            file.reason = error.description
            return file
        }
        defer { partial.close() }
        var failure = partial.count == image.length ? nil : transfer.get(url, headers: partial.requestHeaders, into: partial)
        partial.sync()
        file.bytesReceived = partial.received
        file.resumedFrom = partial.resumedFrom
        switch failure {
        case nil where partial.count < image.length, .transport? where partial.received > 0:
            // The body ended early, or the connection dropped mid-body.
            failure = .truncated(url.absoluteString, expected: image.length, received: partial.count)
        default:
            break
        }
        if failure == nil {
            failure = verifyAndStore(partial, image, url: url)
        }
        if let failure {
            file.reason = failure.description
            if !failure.keepsPartial || partial.count == 0 { try? fileSystem.removeItem(at: partialURL) }
            return file
        }
        try? fileSystem.removeItem(at: partialURL)
        file.outcome = partial.resumedFrom == nil ? .downloaded : .resumed
        return file
    }

    /// Checks the whole download's SHA-256 and MD5, then stores it atomically.
    func verifyAndStore(_ partial: PartialDownload, _ image: RemoteSelection.Image, url: URL) -> RemoteFetchError? {
        let data: Data
        do { data = try partial.contents() } catch { return .store(error) }
        let sha256 = SHA256Hex.of(data)
        guard sha256 == image.sha256 else {
            return .digestMismatch(url.absoluteString, algorithm: "SHA-256", expected: image.sha256, actual: sha256)
        }
        let md5 = MD5Digest.hex(of: data)
        guard md5 == image.md5 else { return .digestMismatch(url.absoluteString, algorithm: "MD5", expected: image.md5, actual: md5) }
        do { try store.keep(image: data, sha256: image.sha256) } catch { return .store(error) }
        return nil
    }
}
