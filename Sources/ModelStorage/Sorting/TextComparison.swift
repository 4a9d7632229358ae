import Foundation

/// How a text column compares its strings: what a person reading the table expects, or plain
/// code-point order.
///
/// Each comparison is a strict total order (two different strings never compare equal), so the
/// rows of a column sort in the same order every time.
public enum TextComparison: Sendable, Hashable {
    /// As a file manager sorts names: accents and case second, digits by their numeric value
    /// ("file 9" before "file 10"), in the rules of the language the environment names
    /// (`LC_ALL`, `LC_COLLATE` or `LANG`, as GTK sorts: the C library's collation), or where it
    /// names none (`C`, `POSIX`) letters before accents before case, lowercase first.
    ///
    /// Fast: a column sorts by keys built once per value, on every core, and compared as bytes
    /// (a million rows in about a second); a single comparison builds two keys.
    case localizedStandard
    /// Letters compared without case in the rules of the current locale, digits as characters
    /// ("file 10" before "file 9"); `localizedCaseInsensitiveCompare`.
    case localizedCaseInsensitive
    /// Swift's `<` on `String`: Unicode canonical order, capitals before lowercase letters, the
    /// same on every machine. The fastest.
    case lexical

    /// The order of two strings: negative when `lhs` comes first, zero when they are equal,
    /// positive when `rhs` does.
    @usableFromInline
    func compare(_ lhs: String, _ rhs: String) -> Int {
        switch self {
        case .localizedStandard: Collator.current.compare(lhs, rhs)
        case .localizedCaseInsensitive: Self.ordered(lhs.localizedCaseInsensitiveCompare(rhs), lhs, rhs)
        case .lexical: lhs < rhs ? -1 : (rhs < lhs ? 1 : 0)
        }
    }

    /// A case-insensitive result made total: strings equal but for case fall back to
    /// code-point order, so that "a" and "A" never tie.
    private static func ordered(_ result: ComparisonResult, _ lhs: String, _ rhs: String) -> Int {
        result == .orderedSame ? TextComparison.lexical.compare(lhs, rhs) : result.rawValue
    }
}
