// What the viewer reads from disk (the dpkg status file, its settings and its favourites) lives
// in PackageViewerFiles, which the fuzz targets share; the viewer and its tests see it as their own.
@_exported import PackageViewerFiles
