import Foundation
import SeededRandom
import Testing

@testable import ModelStorage

#if canImport(Glibc)
    import Glibc
#endif

/// The default text order (`TextComparison.localizedStandard`): keys built once per string and
/// compared as bytes, in the environment's language, or where it names none in an order of
/// letters, then accents, then case; numbers by value in both.
@Suite("Collation: the default text order by keys")
struct CollationTests {
    private static let root = Collator(environment: ["LANG": "C.UTF-8"])

    private static func sorted(_ words: [String], by collator: Collator) -> [String] {
        words.sorted { collator.key($0) < collator.key($1) }
    }

    @Test("Without a language: letters first, then accents, then case (lowercase first)")
    func rootOrder() {
        #expect(!Self.root.followsLanguage)
        let words = ["Zebra", "éclair", "Apple", "Eclair", "apple", "Äpfel", "eclair", "zebra", "ahead"]
        #expect(Self.sorted(words, by: Self.root) == ["ahead", "Äpfel", "apple", "Apple", "eclair", "Eclair", "éclair", "zebra", "Zebra"])
    }

    @Test("Long texts, their levels longer than the key builder's first buffers, keep the root order")
    func longTextsKeepTheRootOrder() {
        let plain = String(repeating: "e", count: 150), accented = String(repeating: "é", count: 150)
        let capital = String(repeating: "É", count: 150), mixed = String(repeating: "Ωé", count: 90)
        let words = [capital + "a", accented + "a", plain + "b", plain + "a", accented + "b", mixed, mixed + "z"]
        #expect(
            Self.sorted(words, by: Self.root) == [
                plain + "a", accented + "a", capital + "a", plain + "b", accented + "b", mixed, mixed + "z",
            ])
        // Keys built one by one and keys built for a column, in reused buffers, agree.
        let ranks = Self.root.ranks(of: words)
        for (left, right) in zip(words.indices, words.indices.dropFirst()) {
            #expect((ranks[left] < ranks[right]) == (Self.root.compare(words[left], words[right]) < 0))
        }
    }

    @Test("Numbers compare by value, however long", arguments: [Self.root])
    func naturalNumbers(collator: Collator) {
        let words = ["file 10", "file 9", "file 100", "file 2", "file 1000000000000", "file 99999999", "file 0", "file"]
        #expect(
            Self.sorted(words, by: collator) == [
                "file", "file 0", "file 2", "file 9", "file 10", "file 100", "file 99999999", "file 1000000000000",
            ])
        #expect(collator.compare("a9b", "a10a") < 0)
        #expect(collator.compare("v1.10", "v1.9") > 0)
        #expect(
            Self.sorted(["a010", "a7", "a00", "a07", "a0", "a007", "a0000000000012"], by: collator) == [
                "a0", "a00", "a007", "a07", "a7", "a010", "a0000000000012",
            ], "leading zeros: by value, then the text itself")
    }

    @Test("Only equal strings compare equal, and the order is antisymmetric")
    func totalOrder() {
        var random = SplitMix64(seed: 55)
        let alphabet = Array("aAbBeEéÉèzZ 0129-._åÄöß\u{301}")
        let words = (0..<400).map { _ in
            String((0..<Int(random.next() % 6)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
        }
        for (left, right) in zip(words, words.shuffled(using: &random)) {
            let order = Self.root.compare(left, right)
            #expect((order == 0) == (left.utf8.elementsEqual(right.utf8)), "\(left) and \(right)")
            #expect(order.signum() == -Self.root.compare(right, left).signum())
        }
    }

    @Test("Ranking a column gives the comparison's order, equal strings sharing a rank")
    func ranksAgreeWithComparison() {
        var random = SplitMix64(seed: 7)
        let alphabet = Array("aAbzZé 19")
        // Enough strings to build the keys in chunks on every core.
        let words = (0..<10_000).map { _ in
            String((0..<Int(random.next() % 5)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
        }
        let ranks = Self.root.ranks(of: words)
        let byRank = words.indices.sorted { ranks[$0] != ranks[$1] ? ranks[$0] < ranks[$1] : $0 < $1 }.map { words[$0] }
        #expect(byRank == words.sorted { Self.root.compare($0, $1) < 0 })
        for index in words.indices.dropFirst() where words[index] == words[index - 1] { #expect(ranks[index] == ranks[index - 1]) }
    }

    @Test("A column declared by text sorts by the keys, as its comparator does")
    func columnComparisonsUseTheKeys() {
        struct Named: Sendable { let name: String }
        let names = ["file 10", "Zebra", "apple", "file 9", "Äpfel"].map(Named.init)
        let comparisons = ColumnComparisons<Named>().column("name", byText: \.name)
        let byComparator = names.sorted(by: comparisons.comparator(for: [SortKey("name")])).map(\.name)
        var ranks = RankCache()
        let byRanks = comparisons.sortedIndices(of: names, by: [SortKey("name")], ranks: &ranks, tie: <).map { names[$0].name }
        #expect(byRanks == byComparator)
    }
}

/// The same order in a language: the C library's collation for that locale (what GTK's sorts
/// use), numbers still by value. The locales are compiled from the system's sources into a
/// temporary folder (the `locales` package; `make test` installs it).
@Suite("Collation in a language")
struct LanguageCollationTests {
    @Test("English: punctuation and spaces second, accents after plain letters, case last")
    func english() throws {
        let collator = try CompiledLocales.collator("en_US")
        #expect(collator.followsLanguage)
        let words = ["Zebra", "éclair", "Apple", "zebra", "apple", "Äpfel", "eclair", "ahead", "Ähre", "a-b", "ab", "a b"]
        let sorted = words.sorted { collator.key($0) < collator.key($1) }
        #expect(sorted == ["a b", "a-b", "ab", "ahead", "Ähre", "Äpfel", "apple", "Apple", "eclair", "éclair", "zebra", "Zebra"])
        #expect(collator.compare("file 9", "file 10") < 0)
    }

    @Test("Swedish: å, ä and ö come after z")
    func swedish() throws {
        let collator = try CompiledLocales.collator("sv_SE")
        let sorted = ["öga", "zebra", "åsna", "ärlig", "apa"].sorted { collator.key($0) < collator.key($1) }
        #expect(sorted == ["apa", "zebra", "åsna", "ärlig", "öga"])
    }

    @Test("Without digits, the order is the C library's strcoll in that language")
    func agreesWithStrcoll() throws {
        let collator = try CompiledLocales.collator("en_US")
        let locale = try #require(newlocale(Int32(LC_COLLATE_MASK), "en_US.UTF-8", nil))
        defer { freelocale(locale) }
        var random = SplitMix64(seed: 3)
        let alphabet = Array("aAbBeEéÉzZ -.åÄöß")
        for _ in 0..<2_000 {
            let words = (0..<2).map { _ in
                String((0..<Int(1 + random.next() % 6)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
            }
            let strcoll = words[0].withCString { left in words[1].withCString { right in strcoll_l(left, right, locale) } }
            guard strcoll != 0 else { continue }
            #expect(collator.compare(words[0], words[1]).signum() == Int(strcoll.signum()), "\(words)")
        }
    }
}

/// Locales compiled once per test run with `localedef`, in a folder `LOCPATH` names.
enum CompiledLocales {
    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    private static let folder: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glm-locales-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        setenv("LOCPATH", folder.path, 1)
        return folder
    }()
    nonisolated(unsafe) private static var compiled: Set<String> = []
    private static let lock = NSLock()

    static func collator(_ name: String) throws -> Collator {
        try lock.withLock {
            if !compiled.contains(name) {
                let localedef = Process()
                localedef.executableURL = URL(fileURLWithPath: "/usr/bin/localedef")
                localedef.arguments = ["-i", name, "-f", "UTF-8", folder.appendingPathComponent("\(name).UTF-8").path]
                localedef.standardOutput = FileHandle.nullDevice
                localedef.standardError = FileHandle.nullDevice
                try localedef.run()
                localedef.waitUntilExit()
                guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(name).UTF-8").path) else {
                    throw Unavailable(description: "localedef could not compile \(name) (the locales package installs its source)")
                }
                compiled.insert(name)
            }
        }
        return Collator(environment: ["LANG": "\(name).UTF-8"])
    }
}
