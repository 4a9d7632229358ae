import Foundation

/// The order of ``TextComparison/localizedStandard`` where the environment names no language
/// (the `C` and `POSIX` locales, a container's default), in which the C library would compare
/// code points ("Zebra" before "apple"): letters first without case or accents, then accents,
/// then case (lowercase first), as a language's rules do at their first three levels.
///
/// A key is three levels separated by a 0x01 byte, every byte of a level above it:
/// - the characters, lowercased and without their accents (canonical decomposition, combining
///   marks taken away), as UTF-8;
/// - per character, its combining marks' UTF-8 then 0x02;
/// - per character, 0x03 when it is uppercase, else 0x02.
enum RootCollation {
    /// Appends the key of `utf8` (text whose numbers ``NaturalDigits`` rewrote) to `key`,
    /// building the levels in `levels`.
    static func appendKey(ofTransformed utf8: [UInt8], to key: inout [UInt8], levels: inout Levels) {
        if utf8.allSatisfy({ $0 < 0x80 }) {
            appendASCIIKey(utf8, to: &key)
            return
        }
        levels.removeAll()
        var bytes = utf8.makeIterator()
        var decoder = UTF8()
        decoding: while true {
            switch decoder.decode(&bytes) {
            case let .scalarValue(scalar) where scalar.value < LatinCharacters.end:
                levels.append(scalar)
            case .emptyInput:
                break decoding
            case .scalarValue, .error:
                // Beyond the Latin letters the table holds: decomposed by Foundation, as it comes.
                levels.removeAll()
                let text = String(decoding: utf8, as: UTF8.self)
                for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars { levels.append(scalar) }
                break decoding
            }
        }
        levels.appendKey(to: &key)
    }

    /// The common case, text in ASCII: no accents, case by range.
    private static func appendASCIIKey(_ utf8: [UInt8], to key: inout [UInt8]) {
        // Whole levels at once: one capacity check each, not one per byte.
        key.append(contentsOf: utf8.lazy.map { isUpper($0) ? $0 + 0x20 : max($0, 0x02) })
        key.append(0x01)
        key.append(contentsOf: repeatElement(0x02, count: utf8.count))
        key.append(0x01)
        key.append(contentsOf: utf8.lazy.map { isUpper($0) ? 0x03 : 0x02 })
    }

    @inline(__always)
    private static func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }

    /// The three levels of a text, character by character.
    struct Levels: ~Copyable {
        private var letters = ByteBuffer()
        private var accents = ByteBuffer()
        private var cases = ByteBuffer()
        private var hasCharacter = false

        /// Empties the levels for the next text, keeping their buffers.
        mutating func removeAll() {
            letters.removeAll()
            accents.removeAll()
            cases.removeAll()
            hasCharacter = false
        }

        mutating func append(_ scalar: Unicode.Scalar) {
            if scalar.isASCII {
                let byte = UInt8(scalar.value)
                startCharacter(upper: isUpper(byte))
                letters.append(isUpper(byte) ? byte + 0x20 : max(byte, 0x02))
                return
            }
            if let latin = LatinCharacters.entry(of: scalar) {
                startCharacter(upper: latin.isUpper)
                latin.letters.append(to: &letters)
                latin.accents.append(to: &accents)
                return
            }
            let properties = scalar.properties
            if hasCharacter, Self.isMark(properties.generalCategory) {
                accents.append(contentsOf: String(scalar).utf8)
                return
            }
            startCharacter(upper: properties.changesWhenLowercased)
            letters.append(contentsOf: properties.lowercaseMapping.utf8)
        }

        private mutating func startCharacter(upper: Bool) {
            if hasCharacter { accents.append(0x02) }
            hasCharacter = true
            cases.append(upper ? 0x03 : 0x02)
        }

        private static func isMark(_ category: Unicode.GeneralCategory) -> Bool {
            category == .nonspacingMark || category == .spacingMark || category == .enclosingMark
        }

        mutating func appendKey(to key: inout [UInt8]) {
            if hasCharacter { accents.append(0x02) }
            hasCharacter = false
            letters.append(to: &key)
            key.append(0x01)
            accents.append(to: &key)
            key.append(0x01)
            cases.append(to: &key)
        }
    }
}

/// The Latin letters with accents (U+00C0 to U+024F: Western, Central and Eastern European
/// languages), decomposed once: a key reads a table instead of decomposing each string.
enum LatinCharacters {
    struct Entry: Sendable {
        /// The letters without accents, lowercased, as UTF-8.
        let letters: InlineBytes
        /// The combining marks, as UTF-8.
        let accents: InlineBytes
        let isUpper: Bool
    }

    /// Up to eight bytes held in an integer, the first lowest: an entry read per character
    /// retains no array (building a key appends them).
    struct InlineBytes: Sendable {
        private let value: UInt64
        private let count: Int

        /// `bytes`, or nil when there are more than eight.
        init?(_ bytes: [UInt8]) {
            guard bytes.count <= 8 else { return nil }
            value = bytes.reversed().reduce(0) { $0 << 8 | UInt64($1) }
            count = bytes.count
        }

        @inline(__always)
        func append(to array: inout ByteBuffer) {
            var rest = value
            for _ in 0..<count {
                array.append(UInt8(truncatingIfNeeded: rest))
                rest >>= 8
            }
        }
    }

    static let end: UInt32 = 0x250

    /// The entry of `scalar`, when it is one of the table's letters.
    @inline(__always)
    static func entry(of scalar: Unicode.Scalar) -> Entry? {
        let value = scalar.value
        return value >= start && value < end ? table[Int(value - start)] : nil
    }

    private static let start: UInt32 = 0x80

    /// Indexed by code point less ``start``.
    private static let table: [Entry?] = (start..<end).map { value in
        guard let scalar = Unicode.Scalar(value), scalar.properties.isAlphabetic else { return nil }
        let decomposed = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars
        let marks = decomposed.dropFirst().filter { $0.properties.generalCategory == .nonspacingMark }
        guard let base = decomposed.first, decomposed.count == marks.count + 1,
            let letters = InlineBytes(Array(base.properties.lowercaseMapping.utf8)),
            let accents = InlineBytes(marks.flatMap { Array(String($0).utf8) })
        else { return nil }
        return Entry(letters: letters, accents: accents, isUpper: scalar.properties.changesWhenLowercased)
    }
}
