import Foundation
import Testing

@testable import LaunchScreenRepair

@Suite("Ledger reader")
struct LedgerReaderTests {
    @Test("non-ASCII strings are read; invalid UTF-8 is left to JSONDecoder")
    func nonASCII() throws {
        var ledger = Ledger()
        ledger.appVersion = "2.0 – Frühling 春"
        ledger.files["é@3x.ktx"] = Ledger.Entry(
            md5: "00ff", bytes: 12, variant: "v", layout: "winter", orientation: .portrait,
            appearance: .light)
        let data = ledger.encoded()
        #expect(LedgerReader.ledger(from: data) == ledger)
        for invalid: [UInt8] in [[0xC3], [0xC3, 0x28], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80]] {
            var broken = data
            broken.replaceSubrange(try #require(data.range(of: Data("ü".utf8))), with: invalid)
            #expect(LedgerReader.ledger(from: broken) == nil, "bytes \(invalid)")
        }
    }
}
