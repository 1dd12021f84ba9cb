import Foundation

/// Reads a ledger's JSON without `JSONDecoder`, whose generic machinery costs a steady launch
/// more than all the rest of its work. Reads what ``Ledger/encoded()`` writes (and any JSON of
/// that shape without escapes, fractions or arrays); returns `nil` for anything else, which
/// `JSONDecoder` then reads or explains. Unknown keys are skipped, as `JSONDecoder` does.
enum LedgerReader {
    static func ledger(from data: Data) -> Ledger? {
        data.withUnsafeBytes { raw in
            var scanner = Scanner(bytes: raw.bindMemory(to: UInt8.self))
            guard let ledger = scanner.ledger() else { return nil }
            scanner.skipSpace()
            return scanner.index == scanner.bytes.count ? ledger : nil
        }
    }

    /// A cursor over JSON bytes; every method returns `nil` (or `false`) for what it cannot read.
    struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        mutating func ledger() -> Ledger? {
            var schemaVersion: Int?
            var files: [String: Ledger.Entry]?
            var backups: [String: Ledger.Backup]?
            var ledger = Ledger()
            let read = object { scanner, key in
                switch key {
                case "schemaVersion":
                    schemaVersion = scanner.integer()
                    return schemaVersion != nil
                case "manifestVersion": return scanner.optionalString().map { ledger.manifestVersion = $0 } != nil
                case "appVersion": return scanner.optionalString().map { ledger.appVersion = $0 } != nil
                case "language": return scanner.optionalString().map { ledger.language = $0 } != nil
                case "files":
                    files = scanner.records { $0.entry() }
                    return files != nil
                case "backups":
                    backups = scanner.records { $0.backup() }
                    return backups != nil
                case "observations": return scanner.records { $0.observation() }.map { ledger.observations = $0 } != nil
                case "failures": return scanner.records { $0.failure() }.map { ledger.failures = $0 } != nil
                case "overrides": return scanner.records { $0.override() }.map { ledger.overrides = $0 } != nil
                default: return scanner.skipValue()
                }
            }
            guard read, let schemaVersion, let files, let backups else { return nil }
            ledger.schemaVersion = schemaVersion
            ledger.files = files
            ledger.backups = backups
            return ledger
        }

        mutating func observation() -> Ledger.Observation? {
            var identity: FileIdentity?
            var header: ImageHeader?
            var luminance: Double?
            var color: LaunchScreenColors.Color?
            var problem: String?
            var md5: String?
            var pixelProblem: String?
            let read = object { scanner, key in
                switch key {
                case "identity":
                    identity = scanner.identity()
                    return identity != nil
                case "header":
                    header = scanner.header()
                    return header != nil
                case "problem": return scanner.optionalString().map { problem = $0 } != nil
                case "md5": return scanner.optionalString().map { md5 = $0 } != nil
                case "luminance":
                    luminance = scanner.fraction()
                    return luminance != nil
                case "color":
                    color = scanner.color()
                    return color != nil
                case "pixelProblem": return scanner.optionalString().map { pixelProblem = $0 } != nil
                default: return scanner.skipValue()
                }
            }
            guard read, let identity else { return nil }
            return Ledger.Observation(
                identity: identity, header: header, problem: problem, md5: md5,
                luminance: luminance, color: color, pixelProblem: pixelProblem)
        }

        mutating func color() -> LaunchScreenColors.Color? {
            var red: UInt8?
            var green: UInt8?
            var blue: UInt8?
            let read = object { scanner, key in
                switch key {
                case "red":
                    red = scanner.integer().flatMap(UInt8.init(exactly:))
                    return red != nil
                case "green":
                    green = scanner.integer().flatMap(UInt8.init(exactly:))
                    return green != nil
                case "blue":
                    blue = scanner.integer().flatMap(UInt8.init(exactly:))
                    return blue != nil
                default: return scanner.skipValue()
                }
            }
            guard read, let red, let green, let blue else { return nil }
            return LaunchScreenColors.Color(red: red, green: green, blue: blue)
        }

        mutating func header() -> ImageHeader? {
            var format: ImageFormat?
            var width: Int?
            var height: Int?
            let read = object { scanner, key in
                switch key {
                case "format":
                    format = scanner.string().flatMap(ImageFormat.init(rawValue:))
                    return format != nil
                case "width":
                    width = scanner.integer()
                    return width != nil
                case "height":
                    height = scanner.integer()
                    return height != nil
                default: return scanner.skipValue()
                }
            }
            guard read, let format, let width, let height else { return nil }
            return ImageHeader(format: format, width: width, height: height)
        }

        mutating func failure() -> Ledger.Failure? {
            var identity: FileIdentity?
            var attempts: Int?
            var failedAt: Int?
            var reason: String?
            let read = object { scanner, key in
                switch key {
                case "identity":
                    identity = scanner.identity()
                    return identity != nil
                case "attempts":
                    attempts = scanner.integer()
                    return attempts != nil
                case "failedAt":
                    failedAt = scanner.integer()
                    return failedAt != nil
                case "reason":
                    reason = scanner.string()
                    return reason != nil
                default: return scanner.skipValue()
                }
            }
            guard read, let identity, let attempts, let failedAt, let reason else { return nil }
            return Ledger.Failure(identity: identity, attempts: attempts, failedAt: failedAt, reason: reason)
        }

        mutating func identity() -> FileIdentity? {
            stringBytes().flatMap { FileIdentity(utf8: $0) }
        }

        mutating func entry() -> Ledger.Entry? {
            var md5: String?
            var bytes: Int?
            var variant: String?
            var layout: String?
            var orientation: Orientation?
            var appearance: Appearance?
            var identity: FileIdentity?
            let read = object { scanner, key in
                switch key {
                case "md5":
                    md5 = scanner.string()
                    return md5 != nil
                case "bytes":
                    bytes = scanner.integer()
                    return bytes != nil
                case "variant":
                    variant = scanner.string()
                    return variant != nil
                case "layout":
                    layout = scanner.string()
                    return layout != nil
                case "orientation":
                    orientation = scanner.string().flatMap(Orientation.init(rawValue:))
                    return orientation != nil
                case "appearance":
                    appearance = scanner.string().flatMap(Appearance.init(rawValue:))
                    return appearance != nil
                case "identity":
                    if scanner.literal("null") { return true }
                    identity = scanner.identity()
                    return identity != nil
                default: return scanner.skipValue()
                }
            }
            guard read, let md5, let bytes, let variant, let layout, let orientation, let appearance else { return nil }
            return Ledger.Entry(
                md5: md5, bytes: bytes, variant: variant, layout: layout, orientation: orientation,
                appearance: appearance, identity: identity)
        }

        mutating func override() -> Ledger.Override? {
            var file: String?
            var md5: String?
            var bytes: Int?
            var header: ImageHeader?
            let read = object { scanner, key in
                switch key {
                case "file":
                    file = scanner.string()
                    return file != nil
                case "md5":
                    md5 = scanner.string()
                    return md5 != nil
                case "bytes":
                    bytes = scanner.integer()
                    return bytes != nil
                case "header":
                    header = scanner.header()
                    return header != nil
                default: return scanner.skipValue()
                }
            }
            guard read, let file, let md5, let bytes, let header else { return nil }
            return Ledger.Override(file: file, md5: md5, bytes: bytes, header: header)
        }

        mutating func backup() -> Ledger.Backup? {
            var file: String?
            var md5: String?
            var bytes: Int?
            let read = object { scanner, key in
                switch key {
                case "file":
                    file = scanner.string()
                    return file != nil
                case "md5":
                    md5 = scanner.string()
                    return md5 != nil
                case "bytes":
                    bytes = scanner.integer()
                    return bytes != nil
                default: return scanner.skipValue()
                }
            }
            guard read, let file, let md5, let bytes else { return nil }
            return Ledger.Backup(file: file, md5: md5, bytes: bytes)
        }

        /// An object of records by name.
        mutating func records<Record>(_ record: (inout Scanner) -> Record?) -> [String: Record]? {
            var result: [String: Record] = [:]
            let read = object { scanner, key in
                guard let value = record(&scanner) else { return false }
                result[key] = value
                return true
            }
            return read ? result : nil
        }

        /// Calls `field` with each key; `field` reads the value.
        mutating func object(_ field: (inout Scanner, String) -> Bool) -> Bool {
            guard next(UInt8(ascii: "{")) else { return false }
            if next(UInt8(ascii: "}")) { return true }
            repeat {
                guard let key = string(), next(UInt8(ascii: ":")), field(&self, key) else { return false }
            } while next(UInt8(ascii: ","))
            return next(UInt8(ascii: "}"))
        }

        /// Skips white space and consumes `byte` if it comes next.
        mutating func next(_ byte: UInt8) -> Bool {
            skipSpace()
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func skipSpace() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
                index += 1
            }
        }

        /// A string without escapes (a backslash, control character or invalid UTF-8 gives `nil`).
        mutating func string() -> String? {
            guard let text = stringBytes() else { return nil }
            return text.allSatisfy { $0 < 0x80 } ? String(decoding: text, as: UTF8.self) : String(bytes: text, encoding: .utf8)
        }

        /// The bytes between the quotes of a string without escapes, not made into a `String`.
        mutating func stringBytes() -> UnsafeBufferPointer<UInt8>? {
            guard next(UInt8(ascii: "\"")) else { return nil }
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                guard bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 else { return nil }
                index += 1
            }
            guard index < bytes.count else { return nil }
            index += 1
            return UnsafeBufferPointer(rebasing: bytes[start..<index - 1])
        }

        /// `.some(nil)` for `null`.
        mutating func optionalString() -> String?? {
            literal("null") ? .some(nil) : string().map { $0 }
        }

        mutating func integer() -> Int? {
            skipSpace()
            let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
            if negative { index += 1 }
            let start = index
            var result = 0
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                let (times10, overflow) = result.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times10.addingReportingOverflow(Int(bytes[index] - UInt8(ascii: "0")))
                guard !overflow, !overflow2 else { return nil }
                result = sum
                index += 1
            }
            guard index > start else { return nil }
            if index < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index]) { return nil }
            return negative ? -result : result
        }

        /// A number with an optional fraction and exponent, as `JSONEncoder` writes a `Double`.
        mutating func fraction() -> Double? {
            skipSpace()
            let start = index
            while index < bytes.count, "-+.eE0123456789".utf8.contains(bytes[index]) { index += 1 }
            guard index > start else { return nil }
            return Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
        }

        mutating func bool() -> Bool? {
            literal("true") ? true : literal("false") ? false : nil
        }

        /// An unknown key's value: an object, string, integer, `true`, `false` or `null`.
        mutating func skipValue() -> Bool {
            skipSpace()
            guard index < bytes.count else { return false }
            switch bytes[index] {
            case UInt8(ascii: "{"): return object { scanner, _ in scanner.skipValue() }
            case UInt8(ascii: "\""): return string() != nil
            default: return literal("null") || bool() != nil || integer() != nil
            }
        }

        mutating func literal(_ word: StaticString) -> Bool {
            skipSpace()
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count,
                UnsafeBufferPointer(rebasing: bytes[index..<index + count]).elementsEqual(
                    UnsafeBufferPointer(start: word.utf8Start, count: count))
            else { return false }
            index += count
            return true
        }
    }
}
