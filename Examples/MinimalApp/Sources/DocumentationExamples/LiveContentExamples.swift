// swift-format-ignore-file
// The examples of the DocC article Live content, as printed there (checked by scripts/check-doc-examples.sh).
import CGtk
import Foundation
import GtkListManager
import ModelStorage

/// A file in a folder, as the Live content article shows it.
struct FileItem: Sendable {
    let name: String
    let path: String

    /// The file's size in bytes, read from the file system.
    static func size(of path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }
}

/// The paths a grid will show soon, for a decoder to start on: what the article's prefetch
/// events feed.
@MainActor
final class ThumbnailWarmer {
    /// The paths asked for and not cancelled, in the order asked.
    private(set) var waiting: [String] = []

    func warm(_ path: String) {
        if !waiting.contains(path) { waiting.append(path) }
    }

    func cool(_ path: String) {
        waiting.removeAll { $0 == path }
    }
}

extension FileItem {
    /// The same file under another name.
    func renamed(to name: String) -> FileItem {
        FileItem(name: name, path: (path as NSString).deletingLastPathComponent + "/" + name)
    }
}

/// Why a rename is refused.
enum RenameError: Error, CustomStringConvertible {
    case empty

    var description: String { "A name cannot be empty." }
}

/// A note with a title, as the article's stateful row shows it.
struct Note: Identifiable, Sendable {
    let id: Int
    let title: String
}

/// A sensor's latest reading, as the article's row of a value that changes many times a second
/// shows it.
struct Reading: Sendable {
    let sensor: String
    let value: Double
}

/// Live content.
enum LiveContentArticle {
    final class ReadingRow: RowView, ModelTransfer {
        let widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        let sensor = gtk_label_new(nil)!
        let value = TextCell()

        init() {
            value.xalign = 1  // digits line up at the end
            gtk_box_pack_start(gcast(widget), sensor, 1, 1, 0)
            gtk_box_pack_end(gcast(widget), value.widget, 0, 0, 0)
        }

        func update(with reading: Reading) {
            gtk_label_set_text(gcast(sensor), reading.sensor)
            value.text = reading.value.formatted(.number.precision(.fractionLength(2)))
        }
    }

    final class NameRow: RowView, EditableRow {
        let widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        let label = gtk_label_new(nil)!
        init() { gtk_container_add(gcast(widget), label) }
        func update(with file: FileItem) { gtk_label_set_text(gcast(label), file.name) }
        static func editableText(of file: FileItem) -> String { file.name }
        func showEditor(_ editor: UnsafeMutablePointer<GtkWidget>?) {
            if let editor { gtk_container_add(gcast(widget), editor) }
            gtk_widget_set_visible(label, editor == nil ? 1 : 0)
        }
    }

    @MainActor static func renaming(_ manager: ListManager, storage: MemoryStorage) {
        manager.commitEdit(NameRow.self) { name, file, indexPath in
            guard !name.isEmpty else { throw RenameError.empty }   // the editor stays open and says so
            try storage.replaceItem(at: indexPath, with: file.renamed(to: name))
        }
    }

    final class NoteRow: RowView, StatefulRow {
        let widget = gtk_expander_new(nil)!
        func update(with note: Note) { gtk_expander_set_label(gcast(widget), note.title) }
        var rowState: Bool? { gtk_expander_get_expanded(gcast(widget)) != 0 ? true : nil }
        func restoreState(_ expanded: Bool?) { gtk_expander_set_expanded(gcast(widget), expanded == true ? 1 : 0) }
    }

    @MainActor static func animated(_ storage: MemoryStorage) -> ListManager {
        var configuration = ListConfiguration()
        configuration.rowAnimation = RowAnimation(.crossfade, milliseconds: 250)
        let manager = ListManager(host: .virtualized, storage: storage, configuration: configuration)
        return manager
    }

    @MainActor static func flashingChanges(_ storage: MemoryStorage) -> ListManager {
        var configuration = ListConfiguration()
        configuration.changeFlash = ChangeFlash(duration: 0.5)
        let manager = ListManager(host: .virtualized, storage: storage, configuration: configuration)
        return manager
    }

    @MainActor static func prefetching(_ manager: ListManager, thumbnails: ThumbnailWarmer) {
        manager.prefetch(FileItem.self) { file, _ in thumbnails.warm(file.path) }
        manager.cancelPrefetching(FileItem.self) { file, _ in thumbnails.cool(file.path) }
    }

    final class ThumbnailRow: RowView, ModelTransfer, ReusableRow {
        let widget = gtk_image_new()!
        func update(with file: FileItem) {
            gtk_image_set_from_icon_name(gcast(widget), "image-x-generic", GTK_ICON_SIZE_DIALOG)
        }
        func prepareForReuse() {
            gtk_image_clear(gcast(widget))   // the decoded image is freed while the row waits
        }
    }

    final class FileSizeRow: RowView, LateContentTransfer {
        let widget = gtk_label_new(nil)!
        func update(with file: FileItem) {
            gtk_label_set_text(gcast(widget), "\(file.name) …")      // at once
        }
        func loadLateContent(for file: FileItem, binding: RowBinding) {
            binding.load { _ in try FileItem.size(of: file.path) } apply: { [widget] size in
                gtk_label_set_text(gcast(widget), "\(file.name): \(size) bytes")   // only while this row shows file
            } failed: { [widget] error in
                gtk_label_set_text(gcast(widget), "\(file.name): \(error)")       // the same, for the error
            }
        }
    }
}
