#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension String.UTF8View {
    /// Where `needle` first occurs, comparing bytes (ASCII letters without case when asked).
    /// Instances are searched once per attribute and cache key: Foundation's `range(of:)` and
    /// `contains` cost many times more.
    func firstIndex(of needle: some Collection<UInt8>, caseInsensitive: Bool = false) -> String.Index? {
        func folded(_ byte: UInt8) -> UInt8 { caseInsensitive && byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
        let pattern = needle.map(folded)
        func search(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
            guard let first = pattern.first else { return 0 }
            guard pattern.count <= text.count else { return nil }
            let last = text.count - pattern.count
            var start = 0
            while start <= last {
                if caseInsensitive {
                    guard folded(text[start]) == first else {
                        start += 1
                        continue
                    }
                } else {
                    // memchr finds the next candidate many bytes at a time.
                    guard let found = memchr(text.baseAddress! + start, Int32(first), last - start + 1) else { return nil }
                    start = text.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
                }
                var matched = 1
                while matched < pattern.count, folded(text[start + matched]) == pattern[matched] { matched += 1 }
                if matched == pattern.count { return start }
                start += 1
            }
            return nil
        }
        let offset = withContiguousStorageIfAvailable(search) ?? Array(self).withUnsafeBufferPointer(search)
        return offset.map { index(startIndex, offsetBy: $0) }
    }

    /// ``firstIndex(of:caseInsensitive:)`` for a literal.
    func firstIndex(ofASCII needle: StaticString, caseInsensitive: Bool = false) -> String.Index? {
        firstIndex(of: UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount), caseInsensitive: caseInsensitive)
    }
}
