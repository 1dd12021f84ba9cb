import Foundation

extension RepairReport {
    /// Why a repair, a restore or the upgrade placeholder did what it did: why a run stopped
    /// early, why a file was skipped or failed, why a layout was not shown, and what a note
    /// says. Each cause is one case, and its words are written once, here, in ``description``:
    /// they are the report's `reason` and `notes` text, in `repair --json`, the stored
    /// `last-report.json` and the system log.
    package enum Cause: ReportCause {
        // MARK: Why a run stopped early

        /// iOS before 13 keeps launch snapshots where the app may not write.
        case unsupportedSystem(SystemVersion)
        /// A background launch: run again once the app is active.
        case backgroundLaunch
        /// The module is switched off; the switch's own words (the app's, or the signed remote
        /// manifest's).
        case switchedOff(String)
        /// Another repair or restore of the container holds its lock: nothing written.
        case busy
        /// The device is locked and the module's files are protected until it is unlocked.
        case deviceLocked
        /// The system has not drawn the launch screen yet.
        case noSnapshotFolder
        /// The snapshot folder could not be listed.
        case snapshotFolderUnreadable(FileSystemError)
        /// The snapshot folder's path holds something else than a folder (a symbolic link).
        case snapshotFolderNotADirectory(FileKind)

        // MARK: Why a file was skipped

        /// A symbolic link in the snapshot folder: never followed.
        case symbolicLink
        /// A folder in the snapshot folder.
        case directoryEntry
        /// Neither a regular file nor a folder nor a link.
        case notARegularFile
        /// The file could not be read.
        case unreadable(FileSystemError)
        /// The header is not one of a snapshot's formats, or broken: the probe's words
        /// (`ImageHeaderError.summary`), as remembered in the ledger.
        case badHeader(String)
        /// No header could be read.
        case noHeader
        /// No variant of the file's idiom has its pixel size.
        case uncoveredSize(Idiom, width: Int, height: Int, layout: String, UncoveredSize)
        /// The file's appearance is known, but the layout has no variant of that appearance and size.
        case noVariantOfAppearance(Appearance, width: Int, height: Int, layout: String)
        /// The light and dark snapshots of that size look the same: the slots cannot be told apart.
        case indistinguishablePair(width: Int, height: Int)
        /// The appearance cannot be told and the light and dark variants differ.
        case appearanceUnknown(ImageFormat)
        /// `cause`, and why the pixels could not be measured (the ledger's words for it).
        indirect case pixelsUnmeasured(Cause, String)
        /// The run was cancelled before this file.
        case cancelledBeforeFile
        /// The run may write nothing this time (see the notes: a lock or a ledger it could not use).
        case nothingWrittenThisLaunch
        /// Replacing the file failed before and the file has not changed since: the next attempt
        /// waits (the last failure in the ledger's words).
        case retryWaits(attempts: Int, last: String, next: Date)
        /// The image of a remote layout's variant is not stored, and no other layout is for the day.
        case remoteImageNotStored(variant: String)

        // MARK: Why replacing a file failed

        /// The plan names a variant the manifest does not have.
        case variantNotInManifest(String)
        /// The variant's bytes could not be had.
        case variantUnavailable(String, VariantBytesProblem)
        /// The pack's bytes for the variant do not have the manifest's length and MD5.
        case variantBytesMismatch(String)
        /// Keeping the system's bytes as a backup failed: the file is left alone.
        case backupFailed(FileSystemError)
        /// Writing the variant over the file failed.
        case writeFailed(FileSystemError)
        /// The file read back after writing does not have the variant's length and MD5.
        case verificationMismatch(bytes: Int, md5: String?, expectedBytes: Int, expectedMD5: String, PutBack?)
        /// The file could not be read back after writing.
        case verificationUnreadable(FileSystemError, PutBack?)

        // MARK: Why a layout was not shown

        /// Images of the remote layout that snapshot files need are not stored (each variant, and why).
        case imagesNotStored([MissingImage])
        /// The newest verified remote manifest no longer lists the layout.
        case layoutWithdrawn(String, published: Int)
        /// `cause`, and the calendar has no other layout for the day.
        indirect case noOtherLayout(Cause)

        // MARK: Notes

        /// The app's language changed since the last run: every file's image is chosen again.
        case languageChanged(from: String, to: String)
        /// The ledger exists but could not be read: nothing is written this time.
        case ledgerUnreadable(path: String, FileSystemError)
        /// The ledger is of another schema: the run starts afresh.
        case ledgerSchema(path: String, version: Int)
        /// The ledger is not a ledger (its decoding error's words): the run starts afresh.
        case ledgerUndecodable(path: String, String)
        /// The container's lock could not be taken (not because another run holds it): nothing
        /// is written this time.
        case lockFailed(FileSystemError)
        /// The stored remote layouts could not be read (their decoding error's words): the
        /// bundled layouts are used.
        case remoteLayoutsUnreadable(path: String, String)
        /// The file holds an image this module wrote and no backup of the system's: none kept.
        case noBackupKept(String)
        /// A backup in `Backups/` had no ledger record: it is recorded now.
        case orphanBackupRecorded(String)
        /// The last report could not be written.
        case lastReportNotWritten(FileSystemError)
        /// The ledger could not be written.
        case ledgerNotWritten(FileSystemError)
        /// What the restore a switched-off module completes did, one line of its report.
        indirect case restore(RestoreReport.Line)

        // MARK: Restore

        /// The system replaced the file since: its backup is discarded.
        case restoreTargetGone
        /// The backup the ledger records is not in `Backups/`.
        case backupMissing(String)
        /// The backup does not have its recorded MD5: left in place.
        case backupDamaged(String)
        /// The file read back after the restore does not have the backup's MD5.
        case restoreVerificationFailed
        /// The file no longer holds the image this module wrote: left alone.
        case noLongerOurs
        /// The file held this module's image and no backup of the system's: removed, so the
        /// system draws it again.
        case removedWithoutBackup
        /// Restoring or removing a file, or removing the placeholder, failed.
        case fileSystem(FileSystemError)
        /// Neither the ledger nor `Backups/` could be read: the ledger is kept.
        case ledgerKept
        /// The restore's lock could not be taken (not because another run holds it).
        case restoreLockFailed(FileSystemError)

        // MARK: The upgrade placeholder

        /// Another repair or restore holds the container's lock.
        case placeholderBusy
        /// The container's lock could not be taken.
        case placeholderLockFailed(FileSystemError)
        /// There is no snapshot folder to copy from.
        case noSnapshotToCopy
        /// The snapshots are in the system's ASTC format, which `UIImage` cannot decode.
        case snapshotsUndecodable
        /// No PNG or JPEG snapshot is known to be the one of the current orientation and appearance.
        case noSnapshotForSlot

        /// A reason or note read back from a stored report (`last-report.json`, `repair --json`):
        /// its words, as written.
        case recorded(String)

        /// The words the report says.
        package var description: String {
            switch self {
            case .unsupportedSystem(let version):
                "iOS \(version) keeps launch snapshots in Library/Caches/Snapshots, which the app may not change; nothing touched"
            case .backgroundLaunch: "background launch: run again once the app is active"
            case .switchedOff(let reason): reason
            case .busy: "another repair or restore of this container is in progress: nothing written"
            case .deviceLocked: FileSystemError.deviceLocked
            case .noSnapshotFolder: "no snapshot folder yet: the system has not drawn the launch screen"
            case .snapshotFolderUnreadable(let error): error.description
            case .snapshotFolderNotADirectory(let kind): "the snapshot folder is a \(kind.rawValue), not a directory: not followed"
            case .symbolicLink: "symbolic link: not followed, not written through"
            case .directoryEntry: "a directory, not a snapshot"
            case .notARegularFile: "not a regular file"
            case .unreadable(let error): "unreadable: \(error.reason)"
            case .badHeader(let problem): problem
            case .noHeader: "no readable header"
            case .uncoveredSize(let idiom, let width, let height, let layout, let size):
                "no \(idiom.rawValue) variant of \(width)x\(height) in layout \(layout): \(size)"
            case .noVariantOfAppearance(let appearance, let width, let height, let layout):
                "no \(appearance.rawValue) variant of \(width)x\(height) in layout \(layout)"
            case .indistinguishablePair(let width, let height):
                "the light and dark snapshots of \(width)x\(height) look the same, so their slots cannot be told apart "
                    + "(the launch storyboard ignores dark mode): make it adapt to dark mode, or pin UIUserInterfaceStyle in Info.plist, "
                    + "or choose a variant for both with indistinguishablePairs"
            case .appearanceUnknown(let format):
                "appearance unknown (\(format.rawValue) pixels not readable here) and the light and dark variants differ"
            case .pixelsUnmeasured(let cause, let problem): "\(cause); pixels: \(problem)"
            case .cancelledBeforeFile: "cancelled before this file"
            case .nothingWrittenThisLaunch: "nothing is written this launch (see the notes)"
            case .retryWaits(let attempts, let last, let next):
                "replacing failed \(attempts) time(s), last: \(last); next attempt after \(ISO8601DateFormatter().string(from: next))"
            case .remoteImageNotStored(let variant): "the image of variant \(variant) is not stored, and no other layout is for the day"
            case .variantNotInManifest(let variant): "variant \(variant) is not in the manifest"
            case .variantUnavailable(let variant, let problem): "variant \(variant): \(problem)"
            case .variantBytesMismatch(let variant): "variant \(variant): the pack's bytes do not match the manifest's length and MD5"
            case .backupFailed(let error): "keeping the system's bytes failed, file left alone: \(error.description)"
            case .writeFailed(let error): error.description
            case .verificationMismatch(let bytes, let md5, let expectedBytes, let expectedMD5, let putBack):
                "verification failed: \(bytes) bytes, MD5 \(md5 ?? "unreadable"); expected \(expectedBytes) bytes, MD5 \(expectedMD5)"
                    + (putBack.map { "; \($0)" } ?? "")
            case .verificationUnreadable(let error, let putBack):
                "verification failed: \(error.description)" + (putBack.map { "; \($0)" } ?? "")
            case .imagesNotStored(let images): "images not stored: " + images.map(\.description).joined(separator: "; ")
            case .layoutWithdrawn(let layout, let published):
                "layout \(layout) is not in the manifest published \(RemoteFetchError.date(published))"
            case .noOtherLayout(let cause): "\(cause); no other layout for the day"
            case .languageChanged(let before, let now): "the app's language changed from \(before) to \(now): its images are chosen again"
            case .ledgerUnreadable(let path, let error): "\(path): ledger unreadable (\(error.description)); nothing written this time"
            case .ledgerSchema(let path, let version):
                "\(path): ledger schema \(version) is not \(Ledger.currentSchemaVersion); starting afresh"
            case .ledgerUndecodable(let path, let error): "\(path): unreadable ledger (\(error)); starting afresh"
            case .lockFailed(let error): "lock: \(error.description); nothing written this time"
            case .remoteLayoutsUnreadable(let path, let error):
                "\(path): remote layouts unreadable (\(error)); the bundled layouts are used"
            case .noBackupKept(let name): "\(name): holds an image this module wrote and no backup of the system's: none kept"
            case .orphanBackupRecorded(let name): "\(name): backup found in Backups/ without a ledger record; recorded"
            case .lastReportNotWritten(let error): "last report: \(error.description)"
            case .ledgerNotWritten(let error): "ledger: \(error.description)"
            case .restore(let line): "restore: \(line)"
            case .restoreTargetGone: "no regular file of that name any more (the system replaced it); backup discarded"
            case .backupMissing(let file): "backup \(file) is missing"
            case .backupDamaged(let file): "backup \(file) does not match its recorded MD5; left in place"
            case .restoreVerificationFailed: "verification after writing failed"
            case .noLongerOurs: "no longer holds the image this module wrote: left alone"
            case .removedWithoutBackup:
                "no copy of the system's image was kept (the file held this module's): removed, so the system draws it again"
            case .fileSystem(let error): error.description
            case .ledgerKept: "ledger: left in place (neither it nor Backups/ could be read)"
            case .restoreLockFailed(let error): "lock: \(error.description); nothing written"
            case .placeholderBusy: "another repair or restore of this container is in progress"
            case .placeholderLockFailed(let error): "lock: \(error.description)"
            case .noSnapshotToCopy: "no snapshot folder to copy from"
            case .snapshotsUndecodable:
                "the snapshots are in the system's ASTC format, which UIImage cannot decode: show the launch storyboard"
            case .noSnapshotForSlot: "no PNG or JPEG snapshot is known to be the one of this orientation and appearance"
            case .recorded(let text): text
            }
        }
    }

    /// Why no variant has a file's size, on top of the catalog lacking it.
    package enum UncoveredSize: Sendable, Hashable, CustomStringConvertible {
        /// Not an iPad window: the device catalog lacks this screen size.
        case screenNotInCatalog
        /// An iPad window of a size no variant covers, in a layout rendered with multitasking
        /// windows: a Stage Manager window.
        case stageManagerWindow
        /// An iPad window of a size no variant covers, in a layout rendered without
        /// multitasking windows.
        case multitaskingWindow

        /// The words every iPad window-size reason holds: such a file is skipped on every launch
        /// until the catalog covers it, so the log keeps it out of the notices.
        private static let windowSizeNote = "an iPad window size no variant covers"

        /// The words after the file's size.
        package var description: String {
            switch self {
            case .screenNotInCatalog: "the device catalog lacks this screen size"
            case .stageManagerWindow:
                "\(Self.windowSizeNote), so a Stage Manager window; Stage Manager windows can be any size and are not rendered"
            case .multitaskingWindow:
                "\(Self.windowSizeNote); Stage Manager windows can be any size and are not rendered; "
                    + "Split View and Slide Over sizes are rendered with multitasking: true"
            }
        }
    }

    /// Why a variant's bytes could not be had.
    package enum VariantBytesProblem: Sendable, Hashable, CustomStringConvertible {
        /// The pack (or the remote layouts' store) could not give them.
        case pack(LaunchPackError)
        /// The app's own image for the slot could not be read.
        case slotImage(FileSystemError)

        /// The underlying error's words.
        package var description: String {
            switch self {
            case .pack(let error): error.description
            case .slotImage(let error): error.description
            }
        }
    }

    /// What became of the system's bytes after a replacement that failed its verification.
    package enum PutBack: Sendable, Hashable, CustomStringConvertible {
        /// The backup is back in the file.
        case restored
        /// Putting the backup back failed.
        case failed(FileSystemError)

        /// The words appended to the failure.
        package var description: String {
            switch self {
            case .restored: "the system's original bytes were put back"
            case .failed(let error): "putting the original back failed: \(error.description)"
            }
        }
    }

    /// A remote layout's image a snapshot file needs that is not stored, and why.
    package struct MissingImage: Sendable, Hashable, CustomStringConvertible {
        /// The variant.
        package var variant: String
        /// Why its image is not there.
        package var why: ImageAbsence

        /// `<variant> (<why>)`.
        package var description: String { "\(variant) (\(why))" }
    }

    /// Why a remote image is not stored.
    package enum ImageAbsence: Sendable, Hashable, CustomStringConvertible {
        /// No fetch has stored any remote layout.
        case nothingFetched
        /// The last fetch could not store it: the fetch's words for it, as stored.
        case fetchFailed(String)
        /// The last fetch was for the app's language then; `locale` is the image's.
        case otherLanguage(locale: String?)
        /// The last fetch did not see a snapshot of this size.
        case unseenSize
        /// It is stored, but its bytes no longer have their length and SHA-256.
        case unusable(VariantBytesProblem)

        /// Why, in a few words.
        package var description: String {
            switch self {
            case .nothingFetched: "no remote layouts fetched yet"
            case .fetchFailed(let reason): reason
            case .otherLanguage(let locale):
                "not fetched yet (the last fetch was for the app's language then, \(locale.map { "not \($0)" } ?? "not this one"))"
            case .unseenSize: "not fetched yet (a snapshot size the last fetch did not see)"
            case .unusable(let problem): problem.description
            }
        }
    }
}
