import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Builds the keys of ``TextComparison/localizedStandard``: text as a person expects a list of
/// names sorted, in the language the environment names (`LC_ALL`, else `LC_COLLATE`, else
/// `LANG`, read once), as GTK's own sorts follow it; digits by their value.
///
/// A key is the C library's collation key (`strxfrm_l`, the key `g_utf8_collate` compares by)
/// of the text with its numbers rewritten (``NaturalDigits``), then a 0x00 byte and the text's
/// own UTF-8, so that only equal strings have equal keys. Where the environment names no
/// language (`C`, `POSIX`, or one not installed), ``RootCollation`` stands in for the C
/// library's code-point order.
@usableFromInline
final class Collator: @unchecked Sendable {
    // @unchecked: the locale is read-only once made, and strxfrm_l with an explicit locale is
    // safe from any thread.

    /// The process's collator.
    @usableFromInline static let current = Collator(environment: ProcessInfo.processInfo.environment)

    /// The C library's locale for collation; nil for ``RootCollation``.
    private let locale: locale_t?

    /// A collator for the language `environment` names.
    init(environment: [String: String]) {
        let name = ["LC_ALL", "LC_COLLATE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        if let name, !Self.comparesCodePoints(name) {
            locale = newlocale(Int32(LC_COLLATE_MASK), name, nil)
        } else {
            locale = nil
        }
    }

    deinit {
        if let locale { freelocale(locale) }
    }

    /// Whether the collator follows a language's rules (false: ``RootCollation``).
    var followsLanguage: Bool { locale != nil }

    /// Locales whose collation is code-point order.
    private static func comparesCodePoints(_ name: String) -> Bool {
        name == "C" || name == "POSIX" || name.hasPrefix("C.") || name.hasPrefix("POSIX.")
    }

    /// The key `text` sorts by.
    @usableFromInline
    func key(_ text: String) -> CollationKey {
        let natural = NaturalDigits.transform(text.utf8)
        var bytes: [UInt8]
        if let locale {
            bytes = Self.transformed(natural, in: locale)
        } else {
            bytes = []
            bytes.reserveCapacity(natural.count * 3 + text.utf8.count + 3)
            RootCollation.appendKey(ofTransformed: natural, to: &bytes)
        }
        bytes.append(0)
        bytes.append(contentsOf: text.utf8)
        return CollationKey(bytes: bytes)
    }

    /// The order of two strings: negative, zero or positive.
    @usableFromInline
    func compare(_ lhs: String, _ rhs: String) -> Int {
        CollationKey.compare(key(lhs).bytes, key(rhs).bytes)
    }

    /// `strxfrm_l` of `utf8` (a NUL inside reads as a space: the text itself, after the key,
    /// still tells such strings apart).
    private static func transformed(_ utf8: [UInt8], in locale: locale_t) -> [UInt8] {
        var source = utf8.map { $0 == 0 ? 0x20 : $0 }
        source.append(0)
        var capacity = utf8.count * 4 + 16
        while true {
            var output = [UInt8](repeating: 0, count: capacity)
            let length = source.withUnsafeBufferPointer { source in
                output.withUnsafeMutableBufferPointer { output in
                    source.withMemoryRebound(to: CChar.self) { source in
                        output.withMemoryRebound(to: CChar.self) { output in
                            strxfrm_l(output.baseAddress, source.baseAddress!, capacity, locale)
                        }
                    }
                }
            }
            if length < capacity {
                output.removeSubrange(length...)
                return output
            }
            capacity = length + 1
        }
    }

    // MARK: - Ranking a column

    /// Each text's rank in key order (equal texts share one), the keys built once each and
    /// sorted as bytes, on every core (see ``KeyOrder``).
    @usableFromInline
    func ranks(of texts: [String]) -> [Int32] {
        let keys = KeyOrder(keys(of: texts))
        let order = keys.sortedIndices()
        var ranks = [Int32](repeating: 0, count: texts.count)
        var rank: Int32 = 0
        for (place, index) in order.enumerated() {
            if place > 0, !keys.equal(order[place - 1], index) { rank += 1 }
            ranks[index] = rank
        }
        return ranks
    }

    /// The keys of `texts`, in chunks spread over the cores.
    private func keys(of texts: [String]) -> [CollationKey] {
        let chunk = 4096
        let chunks = (texts.count + chunk - 1) / chunk
        guard chunks > 1 else { return texts.map(key) }
        let empty = CollationKey(bytes: [])
        var keys = [CollationKey](repeating: empty, count: texts.count)
        keys.withUnsafeMutableBufferPointer { keys in
            nonisolated(unsafe) let output = keys
            DispatchQueue.concurrentPerform(iterations: chunks) { index in
                // Each chunk writes its own elements only.
                for item in index * chunk..<min(texts.count, (index + 1) * chunk) { output[item] = key(texts[item]) }
            }
        }
        return keys
    }
}
