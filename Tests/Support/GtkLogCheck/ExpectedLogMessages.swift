extension ExpectedLogMessage {
    /// The GLib warnings and criticals the suites log and expect, each with its reason. Add an
    /// entry only for a fault of GTK's (name its issue) or a test that provokes the message on
    /// purpose; scope it to the one suite or test.
    public static let all: [ExpectedLogMessage] = [
        ExpectedLogMessage(
            domain: "GLib-GObject", pattern: "gsignal\\.c:[0-9]+: signal 'no-such-signal' is invalid for instance",
            scope: "CallbackBoxReleaseTests.testUnknownSignalReturnsZeroAndReleasesBox",
            reason: "connects to a signal the widget does not have on purpose: the box of a failed connection is released"),
        // A choice editor's list opened by `ListTable.beginEditing` outside any input: GTK pops
        // a combo box's menu up without a trigger event (`gtk_combo_box_popup` has no way to
        // pass one), warns, and shows it all the same; GtkTreeView's combo renderer started
        // by `gtk_tree_view_set_cursor` outside input warns alike. An app opening an editor
        // from a click or a key has the event, and GTK no warning.
        ExpectedLogMessage(
            domain: "Gtk", pattern: "^no trigger event for menu popup$", scope: "TableChoiceEditingTests",
            reason: "opens choice editors through the API, outside input: GTK pops the list up with no trigger event"),
        ExpectedLogMessage(
            domain: "Gtk", pattern: "^no trigger event for menu popup$",
            scope: "TableCellEditorReuseTests.testASpinButtonAndAComboBoxMoveOnWithTheNextCellsRangeAndChoices",
            reason: "opens a choice editor through the API, outside input: GTK pops the list up with no trigger event"),
        ExpectedLogMessage(
            domain: "Gtk", pattern: "^no trigger event for menu popup$",
            scope: "TableRandomizedEditingTests.testAnOpenEditorFollowsItsItemThroughRandomChangesOnBothHosts",
            reason: "opens choice editors through the API, outside input: GTK pops the list up with no trigger event"),
    ]
}
