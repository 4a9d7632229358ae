import Foundation

/// A text column's ranks, remembered: a column sorted again (reversed, or after another) ranks
/// its texts by look-up instead of building and sorting their keys again.
///
/// The first ranking keeps its texts and ranks as they are (nothing more to pay); the next one
/// makes a dictionary of them and reads every text's rank there, which holds whatever order the
/// texts come in. A text it does not know (the column's values changed) ranks them all afresh.
@usableFromInline
final class TextRanks: @unchecked Sendable {
    // @unchecked: every stored property is read and written under `lock` (rankings run on the
    // storages' background queues).
    private let lock = NSLock()
    private var lastTexts: [String] = []
    private var lastRanks: [Int32] = []
    private var rankByText: [String: Int32]?

    @usableFromInline
    init() {}

    /// Each text's rank in ``TextComparison/localizedStandard`` order; equal texts share one.
    @usableFromInline
    func ranks(of texts: [String]) -> [Int32] {
        if let known = lock.withLock({ knownRanks() }), let ranks = Self.lookUp(texts, in: known) { return ranks }
        let ranks = Collator.current.ranks(of: texts)
        lock.withLock {
            lastTexts = texts
            lastRanks = ranks
            rankByText = nil
        }
        return ranks
    }

    /// The ranks by text, made from the last ranking on the first look-up. Under `lock`.
    private func knownRanks() -> [String: Int32]? {
        if rankByText == nil, !lastTexts.isEmpty {
            var ranks = [String: Int32](minimumCapacity: lastTexts.count)
            for (text, rank) in zip(lastTexts, lastRanks) { ranks[text] = rank }
            rankByText = ranks
            lastTexts = []
            lastRanks = []
        }
        return rankByText
    }

    /// The rank of every text of `texts`, or nil when one is not known.
    private static func lookUp(_ texts: [String], in known: [String: Int32]) -> [Int32]? {
        var ranks: [Int32] = []
        ranks.reserveCapacity(texts.count)
        for text in texts {
            guard let rank = known[text] else { return nil }
            ranks.append(rank)
        }
        return ranks
    }
}
