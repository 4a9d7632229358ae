import ModelStorage

/// A row of the text-sort part (issue 55): its number, which its cells show, and a text, column
/// 4's sort key, as `peer_table_sort_text` makes it for the C peers, byte for byte: two of 64
/// words (capitals, accents, ligatures) from a Fibonacci hash of the number, and a number below
/// 1,000 from that hash mixed, `Äpfel zebra 123`. Sorting by it moves nearly every row; about one
/// row in 40 shares its text with another at 100,000 rows, one in 5 at a million, and
/// the row number breaks the tie.
struct TextSortedTableRow: Identifiable, Equatable, Diffable, Sendable, TableRowNumber {
    static let textColumn = 4

    let id: Int
    let text: String
    var rowNumber: Int { id }

    init(_ id: Int) {
        self.id = id
        let hash = (UInt64(id) &+ 1) &* 0x9E37_79B9_7F4A_7C15
        // SplitMix64's mix: numbers that fall as at random, so that texts repeat.
        var mixed = (hash ^ (hash >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed ^= mixed >> 27
        let first = Self.words[Int(hash >> 58)], second = Self.words[Int((hash >> 52) & 63)]
        text = "\(first) \(second) \((mixed >> 32) % 1000)"
    }

    /// Column 4 shows the text; the others what the other parts' cells show.
    func cellText(column: Int) -> String {
        column == Self.textColumn ? text : TableCellText.text(row: id, column: column)
    }

    /// `peer_table_sort_words`, in its order.
    static let words = [
        "Äpfel", "apfel", "apple", "Apple", "éclair", "Eclair", "Zebra", "zebra",
        "Ångström", "angstrom", "banana", "Banana", "café", "Cafe", "Ölfass", "olfass",
        "Über", "uber", "naïve", "Naive", "Straße", "strasse", "Ægir", "œuvre",
        "Łódź", "lodz", "Čapek", "capek", "ñandú", "Nandu", "résumé", "Resume",
        "Zürich", "zurich", "Señor", "senor", "déjà", "Deja", "fiancé", "Fiance",
        "jalapeño", "Jalapeno", "piñata", "Pinata", "Crème", "creme", "Brûlée", "brulee",
        "Façade", "facade", "Mañana", "manana", "Éire", "eire", "Ōsaka", "osaka",
        "İzmir", "izmir", "Ça", "ca", "Þór", "thor", "Dvořák", "dvorak",
    ]
}
