// swift-format-ignore-file
// The examples of the DocC article Live content, as printed there (checked by scripts/check-doc-examples.sh).
import CGtk
import Foundation
import GtkListManager

/// A file in a folder, as the Live content article shows it.
struct FileItem: Sendable {
    let name: String
    let path: String

    /// The file's size in bytes, read from the file system.
    static func size(of path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }
}

/// Live content.
enum LiveContentArticle {
    final class FileSizeRow: RowView, LateContentTransfer {
        let widget = gtk_label_new(nil)!
        func update(with file: FileItem) {
            gtk_label_set_text(gcast(widget), "\(file.name) …")      // at once
        }
        func loadLateContent(for file: FileItem, binding: RowBinding) {
            binding.load { _ in try FileItem.size(of: file.path) } apply: { [widget] size in
                gtk_label_set_text(gcast(widget), "\(file.name): \(size) bytes")   // only while this row shows file
            }
        }
    }
}
