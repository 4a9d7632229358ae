// The app the accessibility suite (Tests/Accessibility) reads from another process through
// AT-SPI, as a screen reader does: one list in a 480×600 window, on the host and with the rows
// its options say. It prints `ready` once the window is shown and laid out, then one line per
// selection change (`selected: 3,150`), activation (`activated: 7`) and focus move (`focus: 2`),
// and runs until it is killed. It takes commands on stdin, one a line, and answers each with
// `done: COMMAND` once the list has settled: `remove-all` empties the list (the rows a reader
// holds go stale), `scroll-to K` brings item K to the top (virtualized rows show other items),
// `sort COLUMN asc|desc` sorts a table by a column as its header does (a tree at every level),
// `clipboard TARGET` prints what the clipboard holds for TARGET (Clipboard.swift),
// `scroll-sideways PX` scrolls a table PX pixels from its leading edge.
//
// Usage: accessibility-fixture [--host list-box|flow-box|virtual-list|virtual-grid]
//   [--items N] [--sections S] [--select a,b,c] [--scroll-to K] [--focus K]
//   [--name NAME] [--named-rows] [--rtl] [--tree [--children N] [--pin-parents]] [--table [--cells] [--selects-cells] [--frozen N] [--grouped G]
//   [--editable]] [--postgres TABLE]
//
// With --tree the list shows a tree instead (an OutlineStorage): items 0, 100, …, 900 at the
// top level, each with children k+1 … k+5 (k+N with --children N, at most 99), items 0 and 100
// open; --focus then counts rows, and `focus:` lines name the focused item. With --pin-parents
// the parents of the top row stay pinned at the top (ListManager.pinsParentRows).
//
// With --table the list is a table (ListManager.makeTable) of six columns 160 pixels wide,
// titled by `tableColumns`; item k's cell in the column of prefix p shows "p k" (the first
// column "Item k", the second "detail k"). Only the first three columns fit the window. With
// --cells too, its columns are toggle, icon, progress and spinner cells instead
// (TableCells.swift), and toggles print `toggled: K COLUMN VALUE`. With --selects-cells, the
// table selects ranges of cells (ListTable.selectsCells); with --frozen N, its first N columns
// are frozen (ListTable.frozenColumnCount); with --grouped G, its rows are grouped by their
// remainder modulo G (Grouping.swift). With --editable, the second column's cells are editable
// (ListTable.commitTextEdit): a commit prints `committed: K TEXT`. With --postgres TABLE, the
// table shows a PostgreSQL table's rows instead (PostgresTable.swift).
import CGtk
import Glibc
import GtkListManager
import GtkTestSupport
import ModelStorage

/// The command line, read by hand (the fixture depends on nothing but the library).
struct Options {
    enum Host: String { case listBox = "list-box", flowBox = "flow-box", virtualList = "virtual-list", virtualGrid = "virtual-grid" }

    var host = Host.listBox
    var items = 200
    /// 0: one section without a header; S > 0: S sections of equal size, each with a header.
    var sections = 0
    var selected: [Int] = []
    var scrollTo: Int?
    var focus: Int?
    var name = "accessibility-fixture"
    var namedRows = false
    var rightToLeft = false
    var tree = false
    var children = 5
    var pinsParents = false
    var table = false
    var cells = false
    var selectsCells = false
    var frozen = 0
    var editable = false
    var grouped = 0
    var postgres: String?

    init(_ arguments: [String]) {
        var remaining = arguments[...]
        func value(of option: String) -> String {
            guard let value = remaining.popFirst() else { fail("\(option) needs a value") }
            return value
        }
        func number(of option: String) -> Int {
            let text = value(of: option)
            guard let number = Int(text), number >= 0 else { fail("\(option): not a number: \(text)") }
            return number
        }
        while let option = remaining.popFirst() {
            switch option {
            case "--host":
                let text = value(of: option)
                guard let host = Host(rawValue: text) else { fail("--host: unknown host \(text)") }
                self.host = host
            case "--items": items = number(of: option)
            case "--sections": sections = number(of: option)
            case "--select":
                selected = value(of: option).split(separator: ",").map { part in
                    guard let ordinal = Int(part) else { fail("--select: not a number: \(part)") }
                    return ordinal
                }
            case "--scroll-to": scrollTo = number(of: option)
            case "--focus": focus = number(of: option)
            case "--name": name = value(of: option)
            case "--named-rows": namedRows = true
            case "--rtl": rightToLeft = true
            case "--tree": tree = true
            case "--children": children = min(max(number(of: option), 1), 99)
            case "--pin-parents": pinsParents = true
            case "--table": table = true
            case "--cells": cells = true
            case "--selects-cells": selectsCells = true
            case "--frozen": frozen = number(of: option)
            case "--editable": editable = true
            case "--postgres": postgres = value(of: option)
            case "--grouped": grouped = number(of: option)
            default: fail("unknown option \(option)")
            }
        }
    }

    /// Items per section: equal sections, the last one shorter when they do not divide evenly.
    var sectionSize: Int {
        sections > 0 ? max(1, (items + sections - 1) / sections) : max(items, 1)
    }

    func indexPath(ofOrdinal ordinal: Int) -> IndexPath {
        IndexPath(item: ordinal % sectionSize, section: ordinal / sectionSize)
    }

    func ordinal(of indexPath: IndexPath) -> Int {
        indexPath.section * sectionSize + indexPath.item
    }
}

func fail(_ message: String) -> Never {
    emit("accessibility-fixture: \(message)")
    exit(64)
}

/// Writes `line` to stdout at once: the suite reads it through a pipe, where stdio would buffer.
func emit(_ line: String) {
    let text = line + "\n"
    _ = text.withCString { write(1, $0, strlen($0)) }
}

// MARK: - The window

@MainActor
final class Fixture {
    let options: Options
    let manager: ListManager
    /// The table, with --table.
    private(set) var table: ListTable?
    let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
    private let toggleColumns = ToggleColumns()

    init(options: Options) {
        self.options = options
        switch options.host {
        case .listBox: manager = ListManager(host: ListBoxHost())
        case .flowBox: manager = ListManager(host: FlowBoxGridHost())
        case .virtualList: manager = ListManager(host: VirtualListHost())
        case .virtualGrid: manager = ListManager(host: .virtualizedGrid(VirtualGridLayout(cellSize: tileSize)))
        }
        manager.anomalyHandler.action = { anomaly in emit("anomaly: \(anomaly)") }
        let isGrid = options.host == .flowBox || options.host == .virtualGrid
        switch (isGrid, options.namedRows) {
        case (false, false): register(ItemRow.self, isGrid: false)
        case (false, true): register(NamedItemRow.self, isGrid: false)
        case (true, false): register(ItemTile.self, isGrid: true)
        case (true, true): register(NamedItemTile.self, isGrid: true)
        }
        manager.selectionMode = .multiple
        manager.selectionDidChange { [options] indexPaths in
            Self.reportSelection(indexPaths.map(options.ordinal(of:)))
        }
        if options.tree { manager.storage = Self.tree(children: options.children) } else { fill() }
        manager.pinsParentRows = options.pinsParents
        var shown = manager.widget
        if let postgres = options.postgres {
            guard let table = postgresTable(postgres) else { fail("--postgres: no table \(postgres)") }
            shown = table.widget
            self.table = table
        } else if options.table && options.cells {
            shown = toggleColumns.makeTable(on: manager, ordinal: options.ordinal(of:)).widget
        } else if options.table {
            let table = manager.makeTable(columns: tableColumns.map { TableColumn($0.id, title: $0.title, width: .fixed(160)) })
            for column in tableColumns {
                manager.register(TextCell.self, for: Int.self, column: column.id) { cell, k, _ in cell.text = "\(column.prefix) \(k)" }
            }
            shown = table.widget
            table.selectsCells = options.selectsCells
            table.frozenColumnCount = options.frozen
            if options.editable {
                table.commitTextEdit(Int.self, column: tableColumns[1].id) { [options] text, _, indexPath in
                    emit("committed: \(options.ordinal(of: indexPath)) \(text)")
                }
            }
            if options.grouped > 0 { FixtureGrouping.group(table, of: manager, in: options.grouped) }
            if let tree = manager.storage as? OutlineStorage<String, Int> {
                let comparisons = tableColumns.reduce(ColumnComparisons<Int>()) { $0.column($1.id, by: \.self) }
                table.didChangeSort { keys in tree.sort(by: keys, using: comparisons, execution: .immediate) }
            }
            self.table = table
        }

        gtk_window_set_title(gcast(window), options.name)
        gtk_window_set_default_size(gcast(window), 480, 600)
        // At the screen's corner, so screen coordinates are predictable without a window manager.
        gtk_window_move(gcast(window), 0, 0)
        var scrolled = shown
        if !options.table {
            // A table has its scrolled window.
            scrolled = gtk_scrolled_window_new(nil, nil)!
            gtk_scrolled_window_set_policy(gcast(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
            gtk_container_add(gcast(scrolled), manager.widget)
        }
        // A search entry above the list takes the window's first focus, as in most apps: a
        // flow box given the first focus would select its first cell (GTK's own behaviour),
        // and the suite reads the selection the options ask for.
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_pack_start(gcast(column), gtk_search_entry_new(), 0, 0, 0)
        gtk_box_pack_start(gcast(column), scrolled, 1, 1, 0)
        gtk_container_add(gcast(window), column)
        Signal.connect(window, "destroy") { _ in GtkRuntime.quit() }
    }

    /// The table of `name` on the PostgreSQL server of the environment (PostgresTable.swift).
    private func postgresTable(_ name: String) -> ListTable? {
        #if PostgreSQL
            PostgresTable.open(name)?.makeTable(on: manager, editable: options.editable)
        #else
            nil
        #endif
    }

    private func register<R: ListRow & ModelTransfer>(_ rowClass: R.Type, isGrid: Bool) where R.Model == Int {
        if isGrid {
            manager.register(rowClass) { $0.sizeForCell { _, _ in tileSize } }
        } else {
            manager.register(rowClass)
        }
        manager.didActivate(rowClass) { [options] _, _, indexPath in emit("activated: \(options.ordinal(of: indexPath))") }
        manager.didFocus(rowClass) { [options] _, model, indexPath in
            emit("focus: \(options.tree ? model : options.ordinal(of: indexPath))")
        }
    }

    /// Ten top-level items, 0, 100, … 900, each with `children` children; the first two open.
    private static func tree(children: Int) -> OutlineStorage<String, Int> {
        var outline = OutlineSnapshot<Int>()
        let tops = Array(stride(from: 0, to: 1_000, by: 100))
        outline.append(tops)
        for top in tops { outline.append(Array(top + 1...top + children), to: top) }
        outline.expand([0, 100])
        let storage = OutlineStorage<String, Int>()
        storage.apply(outline, to: "Tree")
        return storage
    }

    /// Item k's model is k; sections get "Section s" headers, shown by the built-in title row.
    private func fill() {
        guard let storage = manager.memoryStorage else { return }
        let ordinals = Array(0..<options.items)
        storage.updateWithoutAnimation {
            if options.sections > 0 {
                let size = options.sectionSize
                let sections = stride(from: 0, to: options.items, by: size).map { Array(ordinals[$0..<min($0 + size, options.items)]) }
                storage.setSectionHeaderModels(sections.indices.map { "Section \($0)" })
                storage.setItemsForAllSections(sections)
            } else {
                storage.setItems(ordinals)
            }
        }
    }

    static func reportSelection(_ ordinals: [Int]) {
        let list = ordinals.sorted().map(String.init).joined(separator: ",")
        emit(list.isEmpty ? "selected:" : "selected: \(list)")
    }

    /// Shows the window, applies the selection, scrolling and focus the options ask for, and
    /// lets it lay out before saying `ready`.
    func show() {
        gtk_widget_show_all(window)
        gtk_window_present(gcast(window))
        GtkRuntime.iterate(until: { gtk_widget_get_mapped(self.manager.widget) != 0 })
        settle()
        if !options.selected.isEmpty {
            for ordinal in options.selected { manager.selectItem(at: options.indexPath(ofOrdinal: ordinal)) }
            // Programmatic selection is not a user change, so no event reports it: say it here.
            Self.reportSelection(manager.selectedIndexPaths.map(options.ordinal(of:)))
        }
        if let ordinal = options.scrollTo ?? options.focus {
            manager.scrollTo(options.indexPath(ofOrdinal: ordinal), alignment: .top)
            settle()
        }
        if let ordinal = options.focus {
            let indexPath = options.indexPath(ofOrdinal: ordinal)
            GtkRuntime.iterate(until: { self.manager.boundRow(at: indexPath)?.hostWidget != nil }, timeout: .seconds(2))
            if let row = manager.boundRow(at: indexPath)?.hostWidget {
                gtk_widget_grab_focus(row)
            } else {
                emit("accessibility-fixture: item \(ordinal) has no widget to focus")
            }
            settle()
        }
        emit("ready")
    }

    /// Runs one command from stdin (see the file's header); unknown ones are reported.
    func perform(_ command: String) {
        let words = command.split(separator: " ")
        switch (words.first, words.count) {
        case ("remove-all", 1):
            if let outline = manager.storage as? OutlineStorage<String, Int> {
                outline.apply(OutlineSnapshot(), to: "Tree")
            } else {
                manager.memoryStorage?.updateWithoutAnimation { manager.memoryStorage?.setItemsForAllSections([]) }
            }
        case ("sort", 3):
            guard let table else { return emit("accessibility-fixture: sort needs --table") }
            table.sort = [SortKey(String(words[1]), ascending: words[2] == "asc")]
        case ("clipboard", 2):
            emit("clipboard: \(Clipboard.text(for: String(words[1])) ?? "(none)")")
            return emit("done: \(command)")
        case ("scroll-sideways", 2):
            guard let table, let offset = Double(words[1]) else {
                return emit("accessibility-fixture: scroll-sideways needs --table and pixels")
            }
            let adjustment = gtk_scrolled_window_get_hadjustment(gcast(table.scrolledWindow))!
            let end = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
            gtk_adjustment_set_value(adjustment, options.rightToLeft ? end - offset : offset)
        case ("scroll-to", 2):
            guard let ordinal = Int(words[1]) else { return emit("accessibility-fixture: not a number: \(words[1])") }
            manager.scrollTo(options.indexPath(ofOrdinal: ordinal), alignment: .top)
        default:
            return emit("accessibility-fixture: unknown command \(command)")
        }
        settle()
        emit("done: \(command)")
    }

    /// Lets layout, binding and drawing finish: the rows on screen exist when the suite looks.
    private func settle() {
        manager.layoutIfNeeded()
        MainLoop.settle(milliseconds: 300)
        manager.layoutIfNeeded()
        GtkRuntime.iteratePending()
    }
}

/// Reads the commands on stdin as they arrive, on the main loop.
@MainActor
enum Commands {
    private static var fixture: Fixture?
    private static var pending = [UInt8]()

    static func listen(_ fixture: Fixture) {
        self.fixture = fixture
        let channel = g_io_channel_unix_new(0)
        // At the end of input (no suite writing, or /dev/null) the watch goes.
        g_io_add_watch(
            channel, GIOCondition(G_IO_IN.rawValue | G_IO_HUP.rawValue),
            { _, _, _ in
                MainActor.assumeIsolated { Commands.readAvailable() } ? 1 : 0
            }, nil)
        g_io_channel_unref(channel)
    }

    /// Runs the whole lines that arrived; false at the end of input.
    private static func readAvailable() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(0, &buffer, buffer.count)
        guard count > 0 else { return false }
        pending += buffer[..<count]
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            let line = String(decoding: pending[..<newline], as: UTF8.self)
            pending.removeSubrange(...newline)
            fixture?.perform(line)
        }
        return true
    }
}

@MainActor
func run() {
    let options = Options(Array(CommandLine.arguments.dropFirst()))
    // AT-SPI names the application after the program name: set before GTK starts.
    g_set_prgname(options.name)
    guard GtkRuntime.initialize() else { fail("no display") }
    // After gtk_init, which sets the direction from the locale, and before any widget exists.
    if options.rightToLeft { gtk_widget_set_default_direction(GTK_TEXT_DIR_RTL) }
    let fixture = Fixture(options: options)
    fixture.show()
    Commands.listen(fixture)
    GtkRuntime.run()
    withExtendedLifetime(fixture) {}
}

MainActor.assumeIsolated { run() }
