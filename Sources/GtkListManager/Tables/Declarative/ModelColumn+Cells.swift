import ModelStorage

// Declared columns of the library's other cells: check boxes, icons, progress bars, spinners,
// numbers and choices.
extension ModelColumn {
    /// A column of check boxes (``ToggleCell``), each checked when `isOn` of its model is true.
    /// The user toggles them through ``ListTable/didToggle(_:column:_:)`` on the table the
    /// declaration returns, with the column's identifier (its title unless you give one). A copy
    /// of its cells holds "true" or "false".
    ///
    /// ```swift
    /// let table = manager.makeTable(of: Package.self) {
    ///     ModelColumn("Name", text: \.name)
    ///     ModelColumn("Installed", toggle: \.isInstalled).width(.fixed(80))
    /// }
    /// table.didToggle(Package.self, column: "Installed") { package, indexPath, isOn in
    ///     packages.setInstalled(isOn, for: package)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - title: the header's text.
    ///   - id: the identifier; the title when nil.
    ///   - isOn: whether a model's check box is checked.
    public init(_ title: String, id: String? = nil, toggle isOn: KeyPath<Model, Bool>) {
        self.init(title, id: id, cell: ToggleCell.self) { cell, model, _ in cell.isOn = model[keyPath: isOn] }
        // A copy says "true" or "false", which spreadsheets read as truth values.
        copies { model, _ in model[keyPath: isOn] ? "true" : "false" }
    }
}

extension ModelColumn {
    /// A column of themed icons (``IconCell``), each named by `iconName` of its model, that a
    /// screen reader names by `description` of its model (nothing without it).
    ///
    /// ```swift
    /// let table = manager.makeTable(of: Package.self) {
    ///     ModelColumn("", id: "kind", icon: \.iconName, description: \.kindName).width(.fixed(28))
    ///     ModelColumn("Name", text: \.name)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - title: the header's text.
    ///   - id: the identifier; the title when nil.
    ///   - iconName: the name of a model's themed icon.
    ///   - description: what a screen reader says for a model's icon.
    public init(
        _ title: String, id: String? = nil, icon iconName: KeyPath<Model, String>, description: KeyPath<Model, String>? = nil
    ) {
        self.init(title, id: id, cell: IconCell.self) { cell, model, _ in
            cell.iconName = model[keyPath: iconName]
            cell.accessibleDescription = description.map { model[keyPath: $0] }
        }
    }

    /// A column of progress bars (``ProgressCell``), each filled to `fraction` of its model (0 to
    /// 1) and showing its percentage.
    ///
    /// ```swift
    /// let table = manager.makeTable(of: Download.self) {
    ///     ModelColumn("File", text: \.fileName)
    ///     ModelColumn("Progress", progress: \.fraction).width(.fixed(120))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - title: the header's text.
    ///   - id: the identifier; the title when nil.
    ///   - fraction: how far a model's work is, from 0 to 1.
    public init(_ title: String, id: String? = nil, progress fraction: KeyPath<Model, Double>) {
        self.init(title, id: id, cell: ProgressCell.self) { cell, model, _ in cell.fraction = model[keyPath: fraction] }
    }

    /// A column of spinners (``SpinnerCell``), each turning while `isActive` of its model is true.
    ///
    /// ```swift
    /// let table = manager.makeTable(of: Download.self) {
    ///     ModelColumn("", id: "busy", spinner: \.isConnecting).width(.fixed(28))
    ///     ModelColumn("File", text: \.fileName)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - title: the header's text.
    ///   - id: the identifier; the title when nil.
    ///   - isActive: whether a model's spinner turns.
    public init(_ title: String, id: String? = nil, spinner isActive: KeyPath<Model, Bool>) {
        self.init(title, id: id, cell: SpinnerCell.self) { cell, model, _ in cell.isActive = model[keyPath: isActive] }
    }
}

extension ModelColumn {
    /// A column of numbers (``NumberCell``), each showing `number` of its model with `digits`
    /// digits after the decimal separator, lined up at the end. The user edits them through
    /// ``ListTable/commitNumberEdit(_:column:_:)`` on the table the declaration returns, with the
    /// column's identifier. A copy of its cells holds the number as the cell shows it.
    ///
    /// ```swift
    /// let table = manager.makeTable(of: Job.self) {
    ///     ModelColumn("Job", text: \.name)
    ///     ModelColumn("Hours", number: \.hours, digits: 1).width(.fixed(80))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - title: the header's text.
    ///   - id: the identifier; the title when nil.
    ///   - number: a model's number.
    ///   - digits: how many digits follow the decimal separator (0 to 20).
    public init(_ title: String, id: String? = nil, number: KeyPath<Model, Double>, digits: Int = 0) {
        self.init(title, id: id, cell: NumberCell.self) { cell, model, _ in
            cell.digits = digits
            cell.value = model[keyPath: number]
        }
        column.copyText = { model, _ in (model as? Model).map { NumberCell.text(of: $0[keyPath: number], digits: digits) } }
    }

    /// A column of texts chosen among `choices` (``ChoiceCell``), each showing `choice` of its
    /// model. The user edits them with a combo box of the choices through
    /// ``ListTable/commitTextEdit(_:column:_:)`` on the table the declaration returns, with the
    /// column's identifier. A copy of its cells holds the text.
    ///
    /// ```swift
    /// let table = manager.makeTable(of: Job.self) {
    ///     ModelColumn("Job", text: \.name)
    ///     ModelColumn("Priority", choice: \.priority, from: ["low", "normal", "high"])
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - title: the header's text.
    ///   - id: the identifier; the title when nil.
    ///   - choice: a model's text.
    ///   - choices: the texts the editor offers, in this order.
    ///   - allowsCustomText: whether the editor also takes a text that is not among `choices`.
    public init(
        _ title: String, id: String? = nil, choice: KeyPath<Model, String>, from choices: [String], allowsCustomText: Bool = false
    ) {
        self.init(title, id: id, cell: ChoiceCell.self) { cell, model, _ in
            cell.choices = choices
            cell.allowsCustomText = allowsCustomText
            cell.text = model[keyPath: choice]
        }
        column.copyText = { model, _ in (model as? Model).map { $0[keyPath: choice] } }
    }
}
