/// An inclusive range of days on which a layout is shown.
///
/// Both ends are ``SeasonDate`` values of the same kind: yearly (`"12-01"` through `"02-28"`,
/// which may wrap the year end) or absolute (`"2027-02-06"` through `"2027-02-12"`).
public struct DateRange: Codable, Sendable, Hashable {
    public var from: SeasonDate
    public var through: SeasonDate

    public init(from: SeasonDate, through: SeasonDate) {
        self.from = from
        self.through = through
    }

    /// Whether both ends are absolute dates (a one-off event such as a festival).
    package var isAbsolute: Bool { from.year != nil }

    /// Whether the given calendar day falls in the range.
    package func contains(year: Int, month: Int, day: Int) -> Bool {
        let today = SeasonDate(year: year, month: month, day: day)
        if isAbsolute {
            return from.ordinal <= today.ordinal && today.ordinal <= through.ordinal
        }
        let start = from.monthDay
        let end = through.monthDay
        let now = today.monthDay
        return start <= end ? (start <= now && now <= end) : (now >= start || now <= end)
    }
}

/// A calendar day, either every year (`MM-DD`) or once (`YYYY-MM-DD`).
public struct SeasonDate: Codable, Sendable, Hashable, CustomStringConvertible {
    /// The year, or `nil` for a yearly date.
    public var year: Int?
    public var month: Int
    public var day: Int

    public init(year: Int? = nil, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `MM-DD` or `YYYY-MM-DD`; `nil` when the text is neither, names no real day
    /// (February 29 is accepted for yearly dates and for leap years), or has a year before 1000
    /// (which ``description`` could not write back as four digits that every reader takes).
    package init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let widths = parts.map(\.count)
        guard widths == [2, 2] || widths == [4, 2, 2],
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else { return nil }
        let numbers = parts.map { Int($0)! }
        let year = numbers.count == 3 ? numbers[0] : nil
        let month = numbers[numbers.count - 2]
        let day = numbers[numbers.count - 1]
        guard year.map({ $0 >= 1000 }) ?? true, (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = SeasonDate(text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "expected a date as \"MM-DD\" or \"YYYY-MM-DD\" (year 1000 to 9999), found \"\(text)\""
            )
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// `MM-DD` or `YYYY-MM-DD`, the year always with at least four digits.
    public var description: String {
        let monthDay = "\(Self.twoDigits(month))-\(Self.twoDigits(day))"
        guard let year else { return monthDay }
        let digits = String(year)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits + "-" + monthDay
    }

    /// Month and day as one comparable number, `MMDD`.
    var monthDay: Int { month * 100 + day }

    /// Year, month and day as one comparable number, `YYYYMMDD`.
    var ordinal: Int { (year ?? 0) * 10_000 + monthDay }

    /// The number of days in a month; February has 29 unless `year` is a known common year.
    package static func daysIn(month: Int, year: Int?) -> Int {
        switch month {
        case 2:
            guard let year else { return 29 }
            return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
