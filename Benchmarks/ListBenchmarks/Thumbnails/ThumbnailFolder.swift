import CGtk
import Foundation

/// A temporary folder of image files for the thumbnails benchmark: `distinct` PNG photos of a
/// plain colour each (the colour tells which), and `count` file names, each a symbolic link to
/// photo `n % distinct`: every name is its own file to decode, without writing `count` images.
struct ThumbnailFolder {
    let path: String
    let count: Int
    let distinct: Int

    init(count: Int, distinct: Int = 400, width: Int32 = 640, height: Int32 = 480) throws {
        path = NSTemporaryDirectory() + "glm-thumbnails-\(getpid())"
        self.count = count
        self.distinct = distinct
        try FileManager.default.createDirectory(atPath: path + "/photos", withIntermediateDirectories: true)
        for index in 0..<distinct {
            let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, width, height)!
            gdk_pixbuf_fill(pixbuf, Self.colour(of: index) << 8 | 0xff)
            // Some detail, as photos have: a PNG of one colour would decode unlike a photo.
            for stripe in stride(from: 0, to: Int(height), by: 8) {
                let band = gdk_pixbuf_new_subpixbuf(pixbuf, 0, Int32(stripe), width / 16, 2)!
                gdk_pixbuf_fill(band, UInt32(truncatingIfNeeded: stripe &* 2_654_435_761) | 0xff)
                g_object_unref(UnsafeMutableRawPointer(band))
            }
            gdk_pixbuf_savev(pixbuf, "\(path)/photos/\(index).png", "png", nil, nil, nil)
            g_object_unref(UnsafeMutableRawPointer(pixbuf))
        }
        for index in 0..<count {
            try FileManager.default.createSymbolicLink(atPath: file(index), withDestinationPath: "photos/\(index % distinct).png")
        }
    }

    func file(_ index: Int) -> String { "\(path)/img-\(index).png" }

    /// The colour (0xRRGGBB) of photo `index % distinct`, what the middle of its thumbnail shows.
    func colour(ofFile index: Int) -> UInt32 { Self.colour(of: index % distinct) }

    private static func colour(of photo: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: (photo &* 2_654_435_761) >> 8) & 0xfcfcfc | 0x030303
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}
