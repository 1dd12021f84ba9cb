/// One of `count` parts of a render, numbered from 1: `render --shard 2/4`.
///
/// Screens are dealt round robin in plan order, each with its variants in every language (they
/// are encoded together), so every shard gets a similar mix of layouts and screen sizes, and
/// the same plan always splits the same way.
public struct Shard: Sendable, Hashable, Codable, CustomStringConvertible {
    public var index: Int
    public var count: Int

    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses `K/N` with 1 ≤ K ≤ N.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    public var description: String { "\(index)/\(count)" }

    /// This shard's variants of `all`, in order: those of every `count`-th screen, `screen`
    /// giving a variant's, from the `index`-th on.
    func part<Variant>(of all: [Variant], screen: (Variant) -> VariantScreen) -> [Variant] {
        var number: [VariantScreen: Int] = [:]
        return all.filter { variant in
            let screen = screen(variant)
            if number[screen] == nil { number[screen] = number.count }
            return number[screen]! % count == index - 1
        }
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let shard = Shard(text) else {
            let message = "expected K/N with 1 ≤ K ≤ N, found \"\(text)\""
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: message))
        }
        self = shard
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
