import ModelStorage
import Testing

/// A row of a music table: the columns a user sorts by. Prints as `id` so orders read short.
struct Track: Identifiable, Equatable, Diffable, Sendable, CustomStringConvertible {
    var id: String
    var title: String = ""
    var artist: String = ""
    var length: Int = 0
    var rating: Int? = nil
    var version = 0

    var description: String { id }
}

/// The comparisons of the music table; ties broken by nothing unless a test says so.
let trackColumns = ColumnComparisons<Track>()
    .column("title", byText: \.title)
    .column("artist", byText: \.artist, comparison: .lexical)
    .column("length", by: \.length)
    .column("rating", by: \.rating)

/// `tracks` sorted by `keys` with `comparisons`, as ids.
func sortedIDs(_ tracks: [Track], _ keys: [SortKey], _ comparisons: ColumnComparisons<Track> = trackColumns) -> [String] {
    tracks.sorted(by: comparisons.comparator(for: keys)).map(\.id)
}

@Suite("ColumnComparisons: a table's sort keys as one comparator")
struct ColumnComparisonsTests {
    let tracks = [
        Track(id: "a", title: "Blue", artist: "Miles", length: 300, rating: 4),
        Track(id: "b", title: "so what", artist: "Miles", length: 540, rating: nil),
        Track(id: "c", title: "Airegin", artist: "Sonny", length: 300, rating: 5),
        Track(id: "d", title: "Track 10", artist: "Bill", length: 120, rating: 4),
        Track(id: "e", title: "Track 9", artist: "bill", length: 540, rating: nil),
    ]

    @Test("One key: the column's order, ascending or reversed")
    func oneKey() {
        #expect(sortedIDs(tracks, [SortKey("length")]).prefix(1) == ["d"])
        #expect(sortedIDs(tracks, [SortKey("title")]) == ["c", "a", "b", "e", "d"], "case-insensitive, digits by value")
        #expect(sortedIDs(tracks, [SortKey("title", ascending: false)]) == ["d", "e", "b", "a", "c"])
        #expect(sortedIDs(tracks, [SortKey("artist"), SortKey("title")]) == ["d", "a", "b", "c", "e"], "lexical: capitals first")
    }

    @Test("Several keys: the first key that tells two items apart decides, each in its own direction")
    func severalKeys() {
        #expect(sortedIDs(tracks, [SortKey("length", ascending: false), SortKey("title")]) == ["b", "e", "c", "a", "d"])
        #expect(sortedIDs(tracks, [SortKey("length", ascending: false), SortKey("title", ascending: false)]) == ["e", "b", "a", "c", "d"])
        #expect(sortedIDs(tracks, [SortKey("rating"), SortKey("length"), SortKey("title")]) == ["b", "e", "d", "a", "c"])
    }

    @Test("An optional value: nil first ascending, last descending")
    func optionalValues() {
        let ascending = sortedIDs(tracks, [SortKey("rating"), SortKey("title")])
        #expect(ascending == ["b", "e", "a", "d", "c"])
        #expect(sortedIDs(tracks, [SortKey("rating", ascending: false), SortKey("title", ascending: false)]) == ascending.reversed())
    }

    @Test("A key naming an undeclared column is left out and listed; the other keys still apply")
    func unknownColumn() {
        let keys = [SortKey("colour"), SortKey("length", ascending: false), SortKey("mood"), SortKey("title")]
        #expect(trackColumns.unknownKeys(in: keys) == [SortKey("colour"), SortKey("mood")])
        #expect(sortedIDs(tracks, keys) == sortedIDs(tracks, [SortKey("length", ascending: false), SortKey("title")]))
        #expect(trackColumns.unknownKeys(in: [SortKey("title")]).isEmpty)
    }

    @Test("The tie-breaker orders items equal for every key, never reversed; alone, it is the empty sort")
    func tieBreaker() {
        let byID = ColumnComparisons<Track>(breakingTiesBy: { $0.id < $1.id }).column("length", by: \.length)
        #expect(sortedIDs(tracks, [SortKey("length")], byID) == ["d", "a", "c", "b", "e"])
        #expect(sortedIDs(tracks, [SortKey("length", ascending: false)], byID) == ["b", "e", "a", "c", "d"])
        #expect(sortedIDs(tracks.reversed(), [], byID) == ["a", "b", "c", "d", "e"])
        let comparator = trackColumns.comparator(for: [])
        #expect(!comparator(tracks[0], tracks[1]) && !comparator(tracks[1], tracks[0]), "no tie-breaker: everything ties")
    }

    @Test("Text comparisons: as a file manager sorts, without case, or by code point; never a tie between different strings")
    func textComparisons() {
        let names = ["file 10", "File 9", "apple", "Banana", "banana", "file 9"].map { Track(id: $0, title: $0) }
        func sorted(_ comparison: TextComparison) -> [String] {
            sortedIDs(names, [SortKey("name")], ColumnComparisons<Track>().column("name", byText: \.title, comparison: comparison))
        }
        let standard = sorted(.localizedStandard)
        #expect(standard.map { $0.lowercased() } == ["apple", "banana", "banana", "file 9", "file 9", "file 10"])
        #expect(sorted(.localizedCaseInsensitive).map { $0.lowercased() } == ["apple", "banana", "banana", "file 10", "file 9", "file 9"])
        #expect(sorted(.localizedCaseInsensitive).firstIndex(of: "Banana")! < sorted(.localizedCaseInsensitive).firstIndex(of: "banana")!)
        #expect(sorted(.lexical) == ["Banana", "File 9", "apple", "banana", "file 10", "file 9"])
        for comparison in [TextComparison.localizedStandard, .localizedCaseInsensitive, .lexical] {
            let comparator = ColumnComparisons<Track>().column("name", byText: \.title, comparison: comparison).comparator(for: [
                SortKey("name")
            ])
            #expect(comparator(names[4], names[3]) != comparator(names[3], names[4]), "banana and Banana do not tie (\(comparison))")
        }
    }

    @Test("A closure column, and a column declared again replaces the first declaration in its place")
    func closureAndRedeclaredColumns() {
        let comparisons = ColumnComparisons<Track>(breakingTiesBy: { $0.id < $1.id })
            .column("length", by: \.length)
            .column("title", by: { $0.title.count < $1.title.count })
            .column("length", by: { $0.length > $1.length })
        #expect(comparisons.columns == ["length", "title"])
        #expect(sortedIDs(tracks, [SortKey("length"), SortKey("title")], comparisons) == ["b", "e", "a", "c", "d"])
        #expect(sortedIDs(tracks, [SortKey("title"), SortKey("length", ascending: false)], comparisons) == ["a", "c", "b", "e", "d"])
    }

    /// An album and its tracks: a struct read through a nested stored path, and a class item.
    struct Album: Sendable {
        var name: String
        var track: Track
        var lengthInMinutes: Int { track.length / 60 }  // computed: read through the key path
    }

    final class Recording: Sendable {
        let id: String
        let length: Int
        init(id: String, length: Int) { (self.id, self.length) = (id, length) }
    }

    @Test("Key paths to stored, nested, computed and optional values, of a struct or a class, all read their values")
    func everyKindOfKeyPathReadsItsValue() {
        let albums = tracks.map { Album(name: $0.artist, track: $0) }
        let byAlbum = ColumnComparisons<Album>(breakingTiesBy: { $0.track.id < $1.track.id })
            .column("name", byText: \.name, comparison: .lexical)
            .column("length", by: \.track.length)
            .column("minutes", by: \.lengthInMinutes)
            .column("rating", by: \.track.rating)
        func sorted(_ keys: [SortKey]) -> [String] { albums.sorted(by: byAlbum.comparator(for: keys)).map(\.track.id) }
        #expect(sorted([SortKey("name")]) == ["d", "a", "b", "c", "e"])
        #expect(sorted([SortKey("length", ascending: false)]) == ["b", "e", "a", "c", "d"])
        #expect(sorted([SortKey("minutes")]) == ["d", "a", "c", "b", "e"])
        #expect(sorted([SortKey("rating")]) == ["b", "e", "a", "d", "c"])

        let recordings = tracks.map { Recording(id: $0.id, length: $0.length) }
        let byRecording = ColumnComparisons<Recording>(breakingTiesBy: { $0.id < $1.id }).column("length", by: \.length)
        #expect(recordings.sorted(by: byRecording.comparator(for: [SortKey("length")])).map(\.id) == ["d", "a", "c", "b", "e"])
    }
}
