import Foundation
import Testing

@testable import LaunchScreenRepair

/// The words of the reports' causes: what `repair --json`, `fetch --json`, the stored last report,
/// the restore's text and the placeholder's line say. The other tests check the cause, these the
/// sentences it is written as, one test per report.
@Suite("The words of a report's reasons and notes")
struct CauseWordsTests {
    /// The JSON object `data` holds.
    static func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("a repair report: reason, notes, a file's and an unavailable layout's reason, in its JSON and read back")
    func repairReport() throws {
        let windowSize = RepairReport.Cause.uncoveredSize(.pad, width: 750, height: 2048, layout: "winter", .multitaskingWindow)
        let report = RepairReport(
            status: .busy, cause: .busy, snapshotFolder: "/s",
            remarks: [
                .languageChanged(from: "ar", to: "zh-Hans-CN"),
                .restore(.file(.init(name: "A@3x.ktx", outcome: .removed, cause: .removedWithoutBackup))),
            ],
            files: [
                .init(name: "L@3x.ktx", outcome: .skipped, cause: .symbolicLink),
                .init(name: "W@2x.ktx", outcome: .skipped, cause: windowSize),
                .init(
                    name: "S@2x.ktx", outcome: .skipped,
                    cause: .uncoveredSize(.pad, width: 1200, height: 1600, layout: "winter", .stageManagerWindow)),
                .init(
                    name: "P@3x.ktx", outcome: .skipped,
                    cause: .uncoveredSize(.phone, width: 1170, height: 2532, layout: "winter", .screenNotInCatalog)),
                .init(
                    name: "V@3x.ktx", outcome: .failed,
                    cause: .verificationMismatch(bytes: 3, md5: nil, expectedBytes: 4, expectedMD5: "ab", .restored)),
            ],
            unavailableLayouts: [
                .init(
                    layout: "spring",
                    cause: .imagesNotStored([.init(variant: "spring-remote-light-ja", why: .otherLanguage(locale: "ja"))]),
                    instead: "winter"),
                .init(layout: "festival", cause: .noOtherLayout(.layoutWithdrawn("festival", published: 1))),
            ])
        let expected = (
            reason: "another repair or restore of this container is in progress: nothing written",
            notes: [
                "the app's language changed from ar to zh-Hans-CN: its images are chosen again",
                "restore: removed\tA@3x.ktx\tno copy of the system's image was kept (the file held this module's): removed, "
                    + "so the system draws it again\twrote 0 B",
            ],
            files: [
                "symbolic link: not followed, not written through",
                "no pad variant of 750x2048 in layout winter: an iPad window size no variant covers; "
                    + "Stage Manager windows can be any size and are not rendered; "
                    + "Split View and Slide Over sizes are rendered with multitasking: true",
                "no pad variant of 1200x1600 in layout winter: an iPad window size no variant covers, so a Stage Manager window; "
                    + "Stage Manager windows can be any size and are not rendered",
                "no phone variant of 1170x2532 in layout winter: the device catalog lacks this screen size",
                "verification failed: 3 bytes, MD5 unreadable; expected 4 bytes, MD5 ab; the system's original bytes were put back",
            ],
            unavailable: [
                "images not stored: spring-remote-light-ja (not fetched yet (the last fetch was for the app's language then, not ja))",
                "layout festival is not in the manifest published 1970-01-01T00:00:01Z; no other layout for the day",
            ]
        )
        // The public text.
        #expect(report.reason == expected.reason)
        #expect(report.notes == expected.notes)
        #expect(report.files.map(\.reason) == expected.files)
        #expect(report.unavailableLayouts.map(\.reason) == expected.unavailable)
        #expect(report.text.contains("layout festival not shown: \(expected.unavailable[1])"))
        // The JSON: the same words under `reason` and `notes`.
        let json = try Self.object(report.encoded())
        #expect(json["reason"] as? String == expected.reason)
        #expect(json["notes"] as? [String] == expected.notes)
        let files = try #require(json["files"] as? [[String: Any]])
        #expect(files.map { $0["reason"] as? String } == expected.files)
        let unavailable = try #require(json["unavailableLayouts"] as? [[String: Any]])
        #expect(unavailable.map { $0["reason"] as? String } == expected.unavailable)
        // Read back (a stored last report): the same report.
        let decoded = try JSONDecoder().decode(RepairReport.self, from: report.encoded())
        #expect(decoded == report)
        #expect(decoded.reason == expected.reason && decoded.notes == expected.notes)
    }

    @Test("a restore report: each file's reason and the notes, in its text and JSON")
    func restoreReport() throws {
        let report = RestoreReport(
            snapshotFolder: "/s",
            files: [
                .init(name: "A@3x.ktx", outcome: .skipped, cause: .restoreTargetGone),
                .init(name: "B@3x.ktx", outcome: .failed, cause: .backupDamaged("B@3x.ktx")),
                .init(name: "C@3x.ktx", outcome: .restored, bytesWritten: 7),
            ],
            remarks: [.orphanBackupRecorded("C@3x.ktx"), .ledgerKept])
        #expect(
            report.text == """
                folder: /s
                skipped\tA@3x.ktx\tno regular file of that name any more (the system replaced it); backup discarded\twrote 0 B
                failed\tB@3x.ktx\tbackup B@3x.ktx does not match its recorded MD5; left in place\twrote 0 B
                restored\tC@3x.ktx\twrote 7 B
                note: C@3x.ktx: backup found in Backups/ without a ledger record; recorded
                note: ledger: left in place (neither it nor Backups/ could be read)
                """)
        let json = try Self.object(JSONEncoder().encode(report))
        #expect(json["notes"] as? [String] == report.notes && report.notes.count == 2)
        let files = try #require(json["files"] as? [[String: Any]])
        #expect(files.map { $0["reason"] as? String } == report.files.map(\.reason))
        #expect(try JSONDecoder().decode(RestoreReport.self, from: JSONEncoder().encode(report)) == report)
    }

    @Test("the upgrade placeholder: why none was made, in its line and JSON")
    func placeholderReport() throws {
        let report = PlaceholderReport(upgradeLaunch: true, removedPrevious: true, cause: .snapshotsUndecodable)
        let words = "the snapshots are in the system's ASTC format, which UIImage cannot decode: show the launch storyboard"
        #expect(report.text == "previous one removed; none: \(words)")
        let json = try Self.object(JSONEncoder().encode(report))
        #expect(json["reason"] as? String == words)
        #expect(try JSONDecoder().decode(PlaceholderReport.self, from: JSONEncoder().encode(report)) == report)
        #expect(PlaceholderReport(cause: .placeholderBusy).text == "none: another repair or restore of this container is in progress")
    }

    @Test("a fetch report: reason, notes and a file's reason, in its JSON and read back")
    func remoteFetchReport() throws {
        let url = "https://example.com/published/manifest.json"
        let image = "https://example.com/published/images/ab.png"
        let report = RemoteFetchReport(
            status: .refused, cause: .failure(.badSignature(url)), source: "https://example.com/published",
            files: [.init(path: "images/ab.png", variants: ["v"], outcome: .failed, cause: .failure(.timedOut(image, 1)))],
            remarks: [.layoutNotPublished("festival", published: 1), .noSnapshotFiles])
        let expected = (
            reason: "\(url): the signature does not verify with the app's package key",
            notes: [
                "layout festival is not in the manifest published 1970-01-01T00:00:01Z: not fetched",
                "no snapshot files yet: the images are chosen once the system has drawn the launch screen",
            ],
            file: "\(image): timed out after 1 s"
        )
        #expect(report.reason == expected.reason && report.notes == expected.notes && report.files.first?.reason == expected.file)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(report)
        let json = try Self.object(data)
        #expect(json["reason"] as? String == expected.reason)
        #expect(json["notes"] as? [String] == expected.notes)
        let files = try #require(json["files"] as? [[String: Any]])
        #expect(files.first?["reason"] as? String == expected.file)
        #expect(try JSONDecoder().decode(RemoteFetchReport.self, from: data) == report)
    }
}
