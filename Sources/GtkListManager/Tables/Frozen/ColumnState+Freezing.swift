// Columns that join the frozen ones: a column declared frozen arriving through `setColumns`.
extension ColumnState {
    /// Puts `newcomers` right after the columns frozen now (the user's choice kept) and freezes
    /// those of them shown, as ``TableColumn/isFrozen`` declares.
    mutating func freeze(_ newcomers: [TableColumn], among columns: [TableColumn]) {
        let joining = Set(newcomers.map(\.id))
        let others = ordered(columns).filter { !joining.contains($0.id) }
        // The frozen ones are the first `frozenColumnCount` shown columns; hidden ones among
        // them stay where they are.
        var end = others.startIndex, frozenShown = 0
        while end < others.endIndex, frozenShown < frozenColumnCount {
            if !hidden.contains(others[end].id) { frozenShown += 1 }
            end += 1
        }
        order = (others[..<end] + newcomers + others[end...]).map(\.id)
        frozenColumnCount = frozenShown + newcomers.count { !hidden.contains($0.id) }
    }
}
