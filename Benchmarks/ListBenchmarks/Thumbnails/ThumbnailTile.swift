import CGtk
import Dispatch
import GtkListManager

/// A decoded thumbnail handed from the decoding thread to the main one: a GdkPixbuf is immutable
/// once decoded and its reference count atomic.
final class DecodedThumbnail: @unchecked Sendable {
    let pixbuf: OpaquePointer
    init(pixbuf: OpaquePointer) { self.pixbuf = pixbuf }
    deinit { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
}

/// An image file of the benchmark's grid: its number and path.
struct ImageFile: Sendable {
    let index: Int
    let path: String
}

/// A grid cell showing an image file's thumbnail, decoded off the main thread through its
/// binding, as an app would write it with the library (no cache: every binding decodes).
final class ThumbnailTile: RowView, LateContentTransfer {
    nonisolated static let width: Int32 = 96, height: Int32 = 72
    static let decoding = DispatchQueue(label: "thumbnails benchmark", qos: .userInitiated, attributes: .concurrent)
    /// The main thread's CPU time of each thumbnail applied, in milliseconds.
    nonisolated(unsafe) static var applyCPU: [Double] = []

    let widget = gtk_image_new()!
    /// The file whose thumbnail the tile shows; nil while it shows none.
    private(set) var shownFile: Int?
    private(set) var file: Int?

    func update(with file: ImageFile) {
        self.file = file.index
        shownFile = nil
        gtk_image_clear(gcast(widget))
    }

    func loadLateContent(for file: ImageFile, binding: RowBinding) {
        binding.load(on: Self.decoding) { _ in
            gdk_pixbuf_new_from_file_at_scale(file.path, Self.width, Self.height, 1, nil).map(DecodedThumbnail.init)
        } apply: { [weak self] thumbnail in
            let start = ProcessProbes.threadCPUMilliseconds()
            guard let self, let thumbnail else { return }
            gtk_image_set_from_pixbuf(gcast(widget), thumbnail.pixbuf)
            shownFile = file.index
            Self.applyCPU.append(ProcessProbes.threadCPUMilliseconds() - start)
        }
    }

    /// The colour (0xRRGGBB) in the middle of the image the tile shows; nil with none.
    var shownColour: UInt32? {
        guard shownFile != nil, let pixbuf = gtk_image_get_pixbuf(gcast(widget)) else { return nil }
        let x = gdk_pixbuf_get_width(pixbuf) / 2, y = gdk_pixbuf_get_height(pixbuf) / 2
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf)), stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let pixel = gdk_pixbuf_read_pixels(pixbuf)!.advanced(by: Int(y) * stride + Int(x) * channels)
        return UInt32(pixel[0]) << 16 | UInt32(pixel[1]) << 8 | UInt32(pixel[2])
    }
}
