// The fixture's `clipboard TARGET` command: what the clipboard holds for a target, as a paste in
// another application asks for it, written on one line (`clipboard: TEXT`): tabs, line breaks
// and backslashes as \t, \n, \r and \\; `clipboard: (none)` when it holds nothing for it.
import CGtk

@MainActor
enum Clipboard {
    /// What the clipboard holds for `target`, escaped onto one line; nil when nothing.
    static func text(for target: String) -> String? {
        let clipboard = gtk_clipboard_get(gdk_atom_intern("CLIPBOARD", 0))
        guard let data = gtk_clipboard_wait_for_contents(clipboard, gdk_atom_intern(target, 0)) else { return nil }
        defer { gtk_selection_data_free(data) }
        let length = gtk_selection_data_get_length(data)
        guard length >= 0, let bytes = gtk_selection_data_get_data(data) else { return nil }
        var line = ""
        for scalar in String(decoding: UnsafeBufferPointer(start: bytes, count: Int(length)), as: UTF8.self).unicodeScalars {
            switch scalar {
            case "\t": line += "\\t"
            case "\n": line += "\\n"
            case "\r": line += "\\r"
            case "\\": line += "\\\\"
            default: line.unicodeScalars.append(scalar)
            }
        }
        return line
    }
}
