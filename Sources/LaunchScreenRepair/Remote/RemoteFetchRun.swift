import Crypto
import Foundation

/// One fetch, under the store's lock: manifest and signature (a conditional request: the stored
/// ones while the server answers `304`) → verify → the module's switch → the images the device
/// needs → `layouts.json` → prune. Every refusal leaves the store as it was; a file the device's
/// lock protects stops the fetch as ``RemoteFetchReport/Status/deferred``, removing nothing.
struct RemoteFetchRun<FS: FileSystem> {
    let request: RemoteFetchRequest
    let store: RemoteStore<FS>
    let key: Curve25519.Signing.PublicKey
    var report: RemoteFetchReport
    /// What the store remembered, updated as the fetch goes.
    var check: ManifestCheck
    let transfer: HTTPTransfer

    var fileSystem: FS { store.fileSystem }

    mutating func execute() -> RemoteFetchReport {
        let base = request.source.url
        let manifestURL = base.appendingPathComponent(RemoteManifest.fileName)
        let signatureURL = base.appendingPathComponent(RemoteManifest.signatureFileName)
        let manifestData: Data
        let signature: Data
        let manifest: RemoteManifest
        do {
            (manifestData, signature, manifest) = try verifiedManifest(manifestURL, signatureURL)
        } catch  where report.notModified {
            // The stored pair the server called unchanged no longer verifies (changed on disk):
            // asked for again, whole.
            (check, report.notModified) = (ManifestCheck(), false)
            do { (manifestData, signature, manifest) = try verifiedManifest(manifestURL, signatureURL) } catch {
                return report.stopped(Self.status(of: error), Self.cause(of: error))
            }
        } catch {
            return report.stopped(Self.status(of: error), Self.cause(of: error))
        }
        if let refusal = replayRefusal(manifest, data: manifestData, url: manifestURL) {
            return report.stopped(.refused, .failure(refusal))
        }
        if !report.notModified {
            do { try store.keep(manifest: manifestData, signature: signature) } catch {
                if error.isProtectedDataUnavailable { return report.stopped(.deferred, .deviceLocked) }
                return report.stopped(.incomplete, .manifestNotStored(error))
            }
            remember()
        }
        report.published = manifest.published
        guard applySwitch(manifest) else {
            remember(completedAt: request.environment.date)
            return report
        }
        do { try fetchImages(manifest) } catch {
            return report.stopped(.deferred, .deviceLocked)
        }
        if report.status == .completed, !report.snapshotSizes.isEmpty { remember(completedAt: request.environment.date) }
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

    /// Refusals are what the server sent; the rest is not reaching it, or not allowed to go on.
    static func status(of failure: RemoteFetchError) -> RemoteFetchReport.Status {
        switch failure {
        case .tooLarge, .encoded, .insecureRedirect, .badSignature, .malformed, .schema, .older, .republished, .future, .digestMismatch:
            .refused
        case .cancelled: .cancelled
        case .store(let error) where error.isProtectedDataUnavailable: .deferred
        default: .unreachable
        }
    }

    /// The report's cause for a fetch stopped by `failure`.
    static func cause(of failure: RemoteFetchError) -> RemoteFetchReport.Cause {
        status(of: failure) == .deferred ? .deviceLocked : .failure(failure)
    }

    // MARK: - The manifest

    /// The manifest and its signature. Asked for conditionally when a manifest is stored and the
    /// server gave validators with it: a `304` answer means the stored pair, read back; a `200`
    /// brings both anew, with the validators to remember once they are stored.
    mutating func manifestAndSignature(_ manifestURL: URL, _ signatureURL: URL) throws(RemoteFetchError) -> (Data, Data) {
        let headers = store.holdsManifest ? check.conditionalHeaders : [:]
        let body = BoundedBody(url: manifestURL, limit: RemoteManifest.sizeLimit, conditional: !headers.isEmpty)
        if let failure = transfer.get(manifestURL, headers: headers, into: body) { throw failure }
        if body.notModified {
            do {
                let (manifest, signature) = try store.storedManifest()
                report.notModified = true
                return (manifest, signature)
            } catch {
                if error.isProtectedDataUnavailable { throw .store(error) }
                // The stored pair is gone or unreadable: ask again, without validators.
                check = ManifestCheck()
                return try manifestAndSignature(manifestURL, signatureURL)
            }
        }
        let signature = try download(signatureURL, limit: RemoteManifest.signatureSizeLimit)
        check.entityTag = body.entityTag
        check.lastModified = body.lastModified
        return (body.data, signature)
    }

    /// The manifest and its signature, verified with the app's key against its bundled manifest.
    mutating func verifiedManifest(_ manifestURL: URL, _ signatureURL: URL) throws(RemoteFetchError) -> (Data, Data, RemoteManifest) {
        let (manifestData, signature) = try manifestAndSignature(manifestURL, signatureURL)
        let manifest = try RemoteManifest.verified(
            manifestData, signature: signature, publicKey: key, url: manifestURL, bundled: request.manifest)
        return (manifestData, signature, manifest)
    }

    /// Writes what the store remembers: the validators of the manifest just stored, and when the
    /// fetch completed. When that fails, the file goes: validators that describe another
    /// manifest must never be sent.
    mutating func remember(completedAt date: Date? = nil) {
        if let date {
            check.completed = Int(date.timeIntervalSince1970)
            check.language = request.environment.language
        }
        do { try store.keep(check: check) } catch { store.forgetCheck() }
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
                report.cause = .alreadyOffByApp(current)
                return false
            }
            report.cause = .switchedOff(published: manifest.published, failed: nil)
            guard current == nil else { return false }
            do {
                report.restore = try SnapshotRepair.setEnabled(
                    false, reason: "\(RemoteLayoutFetch.switchOffReasonPrefix) published \(RemoteFetchError.date(manifest.published))",
                    locator, fileSystem: fileSystem)
                report.moduleSwitch = .switchedOff
            } catch {
                report.cause = .switchedOff(published: manifest.published, failed: error)
            }
            return false
        }
        if remote {
            do {
                try SnapshotRepair.setEnabled(true, locator, fileSystem: fileSystem)
                report.moduleSwitch = .switchedOn
                report.changesToday = true
            } catch {
                report.remarks.append(.switchOnFailed(error))
            }
        } else if let current {
            report.moduleSwitch = .offByApp
            report.remarks.append(.staysOffByApp(current))
        }
        return true
    }

    // MARK: - Images

    /// Downloads the images the device's snapshot files need, writes `layouts.json`, and prunes
    /// what no layout needs once every needed image is stored. Throws when the device's lock
    /// protects the store: then nothing more is written or removed.
    mutating func fetchImages(_ manifest: RemoteManifest) throws(FileSystemError) {
        let environment = request.environment
        let stored = StoredRemoteLayouts(
            published: manifest.published, layouts: manifest.layouts, variants: manifest.variants, models: manifest.models, stored: [],
            missing: [:], developmentLanguage: manifest.developmentLanguage)
        // A remote layout of the app's that the newest manifest does not list was withdrawn: not fetched, its images pruned.
        let listed = Set(manifest.layouts.map(\.id))
        let withdrawn = request.manifest.layouts.filter { $0.delivery == .remote && !listed.contains($0.id) }.map(\.id)
        for id in withdrawn {
            report.remarks.append(.layoutNotPublished(id, published: manifest.published))
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
            report.remarks.append(.noSnapshotFiles)
            return
        }

        var storedImages: [String] = []
        var missing: [String: String] = [:]
        let todays = Set(selection.layouts.filter(window.includesToday).map(\.id))
        for image in selection.images {
            let file = try fetch(image)
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
            stored: storedImages.sorted(), missing: missing, withdrawn: withdrawn, developmentLanguage: manifest.developmentLanguage)
        do { try store.keep(layouts: layouts) } catch {
            if error.isProtectedDataUnavailable { throw error }
            report = report.stopped(.incomplete, .layoutsNotWritten(error))
            return
        }
        if transfer.cancellation.isCancelled {
            report = report.stopped(.cancelled, .cancelled)
            return
        }
        guard missing.isEmpty else {
            report.status = .incomplete
            return
        }
        report.removed = store.prune(keeping: Set(storedImages))
    }

    /// One image: already stored, or downloaded (resuming a partial download) and verified.
    /// Throws only for a store the device's lock protects.
    mutating func fetch(_ image: RemoteSelection.Image) throws(FileSystemError) -> RemoteFetchReport.FileReport {
        let path = RemoteManifest.imagePath(sha256: image.sha256)
        var file = RemoteFetchReport.FileReport(path: path, variants: image.variants, outcome: .failed)
        let url = request.source.url.appendingPathComponent(path)
        let name = RemoteStore<FS>.imageName(image.sha256)
        let partialFolder: OpenFolder
        let partial: PartialDownload
        do {
            if try store.hasImage(image.sha256, length: image.length) {
                file.outcome = .alreadyStored
                return file
            }
            partialFolder = try store.partialFolder()
            partial = try PartialDownload(url: url, name: name, in: partialFolder, length: image.length)
        } catch {
            if error.isProtectedDataUnavailable { throw error }
            file.cause = .fileSystem(error)
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
            if case .store(let error) = failure, error.isProtectedDataUnavailable { throw error }
            file.cause = .failure(failure)
            if !failure.keepsPartial || partial.count == 0 { try? fileSystem.removeItem(name, in: partialFolder) }
            return file
        }
        try? fileSystem.removeItem(name, in: partialFolder)
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
