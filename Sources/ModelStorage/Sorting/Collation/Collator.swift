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
        var bytes: [UInt8] = []
        var scratch = KeyScratch()
        appendKey(of: text, to: &bytes, scratch: &scratch)
        return CollationKey(bytes: bytes)
    }

    /// The order of two strings: negative, zero or positive.
    @usableFromInline
    func compare(_ lhs: String, _ rhs: String) -> Int {
        CollationKey.compare(key(lhs).bytes, key(rhs).bytes)
    }

    /// Appends the key of `text` to `bytes`, building it in `scratch`'s buffers (a sort builds
    /// keys by the million: no allocation per key).
    func appendKey(of text: String, to bytes: inout [UInt8], scratch: inout KeyScratch) {
        NaturalDigits.transform(text.utf8, into: &scratch.natural)
        if let locale {
            Self.appendTransformed(scratch.natural, in: locale, to: &bytes, source: &scratch.source)
        } else {
            RootCollation.appendKey(ofTransformed: scratch.natural, to: &bytes, levels: &scratch.levels)
        }
        bytes.append(0)
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends `strxfrm_l` of `utf8` to `bytes` (a NUL inside reads as a space: the text itself,
    /// after the key, still tells such strings apart).
    private static func appendTransformed(_ utf8: [UInt8], in locale: locale_t, to bytes: inout [UInt8], source: inout [UInt8]) {
        source.removeAll(keepingCapacity: true)
        for byte in utf8 { source.append(byte == 0 ? 0x20 : byte) }
        source.append(0)
        let start = bytes.count
        var capacity = utf8.count * 4 + 16
        while true {
            bytes.append(contentsOf: repeatElement(0, count: capacity))
            let length = source.withUnsafeBufferPointer { source in
                bytes.withUnsafeMutableBufferPointer { bytes in
                    source.withMemoryRebound(to: CChar.self) { source in
                        let output = UnsafeMutableRawPointer(bytes.baseAddress! + start)
                        return output.withMemoryRebound(to: CChar.self, capacity: capacity) { output in
                            strxfrm_l(output, source.baseAddress!, capacity, locale)
                        }
                    }
                }
            }
            bytes.removeSubrange((start + min(length, capacity))...)
            if length < capacity { return }
            bytes.removeSubrange(start...)
            capacity = length + 1
        }
    }

    // MARK: - Ranking a column

    /// Each text's rank in key order (equal texts share one), the keys built once each and
    /// sorted as bytes, on every core (see ``KeyOrder``).
    @usableFromInline
    func ranks(of texts: [String]) -> [Int32] {
        KeyOrder(keyRuns(of: texts)).ranks()
    }

    /// The keys of `texts` end to end, in runs of consecutive texts built on every core.
    private func keyRuns(of texts: [String]) -> [KeyOrder.Run] {
        let length = 4096
        let count = (texts.count + length - 1) / length
        var runs = [KeyOrder.Run](repeating: KeyOrder.Run(), count: count)
        runs.withUnsafeMutableBufferPointer { runs in
            nonisolated(unsafe) let output = runs
            DispatchQueue.concurrentPerform(iterations: count) { index in
                // Each run writes its own element only.
                var run = KeyOrder.Run()
                var scratch = KeyScratch()
                for text in texts[index * length..<min(texts.count, (index + 1) * length)] {
                    appendKey(of: text, to: &run.bytes, scratch: &scratch)
                    run.ends.append(run.bytes.count)
                }
                output[index] = run
            }
        }
        return runs
    }
}

/// The buffers a thread reuses while it builds keys.
struct KeyScratch: ~Copyable {
    var natural: [UInt8] = []
    var source: [UInt8] = []
    var levels = RootCollation.Levels()
}
