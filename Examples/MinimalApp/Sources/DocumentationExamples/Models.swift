// swift-format-ignore-file
// The models and helpers the documentation's examples take for granted, so that each example
// below compiles as it is printed.
import CGtk
import Foundation
import GtkListManager
import ModelStorage

/// A Debian package, as the README's examples show it.
struct Package: Hashable, Identifiable, Sendable, Diffable {
    var id: String { name }
    let name: String
    var section = "admin"
    var size = 0
    var isInstalled = false
}

/// A post, as the DTTableViewManager articles show it.
struct Post: Hashable, Identifiable, Sendable {
    let id: Int
    let title: String
}

@MainActor func show(_ package: Package) { print("showing \(package.name)") }
@MainActor func copy(_ text: String) { print("copied \(text)") }
@MainActor func open(_ post: Post) { print("opening \(post.title)") }
@MainActor func loadNextPage() { print("loading the next page") }
@MainActor func unfavourite(_ package: Package) { print("unstarring \(package.name)") }

/// A label row for any `CustomStringConvertible` model: the header, tile and supplementary
/// classes the examples name.
class LabelRow<Model: CustomStringConvertible>: RowView, ModelTransfer {
    let widget = gtk_label_new(nil)!
    required init() {}
    func update(with model: Model) { gtk_label_set_text(gcast(widget), model.description) }
}
