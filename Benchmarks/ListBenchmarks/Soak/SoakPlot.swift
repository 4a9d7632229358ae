import Foundation

/// The soak's memory curve as an SVG the benchmark writes itself (no dependency): resident
/// memory at each sample, the warm-up's end marked, axes in MiB and minutes.
enum SoakPlot {
    static func svg(samples: [(minute: Double, mib: Double)], warmUpMinute: Double, title: String) -> String {
        let width = 640.0, height = 360.0, left = 60.0, right = 20.0, top = 40.0, bottom = 40.0
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        let values = samples.map(\.mib)
        let low = (values.min() ?? 0).rounded(.down) - 1, high = (values.max() ?? 1).rounded(.up) + 1
        let lastMinute = max(samples.last?.minute ?? 1, 1e-3)
        func x(_ minute: Double) -> Double { ((left + minute / lastMinute * plotWidth) * 10).rounded() / 10 }
        func y(_ mib: Double) -> Double { ((top + (high - mib) / (high - low) * plotHeight) * 10).rounded() / 10 }
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
            viewBox="0 0 \(Int(width)) \(Int(height))" font-family="sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(width / 2)" y="20" text-anchor="middle" font-size="14">\(escaped(title))</text>
            <line x1="\(left)" y1="\(top)" x2="\(left)" y2="\(top + plotHeight)" stroke="black"/>
            <line x1="\(left)" y1="\(top + plotHeight)" x2="\(left + plotWidth)" y2="\(top + plotHeight)" stroke="black"/>

            """
        // Five labelled steps on each axis.
        for step in 0...4 {
            let mib = low + (high - low) * Double(step) / 4
            svg += "<line x1=\"\(left)\" y1=\"\(y(mib))\" x2=\"\(left + plotWidth)\" y2=\"\(y(mib))\" stroke=\"#ddd\"/>\n"
            svg += "<text x=\"\(left - 6)\" y=\"\(y(mib) + 4)\" text-anchor=\"end\">\(format(mib, decimals: 1))</text>\n"
            let minute = lastMinute * Double(step) / 4
            svg +=
                "<text x=\"\(x(minute))\" y=\"\(top + plotHeight + 16)\" text-anchor=\"middle\">\(format(minute, decimals: lastMinute < 5 ? 2 : 0))</text>\n"
        }
        svg += "<text x=\"\(left + plotWidth / 2)\" y=\"\(height - 6)\" text-anchor=\"middle\">minute</text>\n"
        svg += "<text x=\"14\" y=\"\(top + plotHeight / 2)\" text-anchor=\"middle\" "
        svg += "transform=\"rotate(-90 14 \(top + plotHeight / 2))\">RSS (MiB)</text>\n"
        if warmUpMinute > 0 {
            let warm = x(warmUpMinute)
            svg +=
                "<line x1=\"\(warm)\" y1=\"\(top)\" x2=\"\(warm)\" y2=\"\(top + plotHeight)\" stroke=\"#888\" stroke-dasharray=\"4 4\"/>\n"
            svg += "<text x=\"\(warm + 4)\" y=\"\(top + 12)\" fill=\"#666\">warm-up ends</text>\n"
        }
        let points = samples.map { "\(x($0.minute)),\(y($0.mib))" }.joined(separator: " ")
        svg += "<polyline points=\"\(points)\" fill=\"none\" stroke=\"#1f6feb\" stroke-width=\"2\"/>\n"
        for (minute, mib) in samples {
            svg += "<circle cx=\"\(x(minute))\" cy=\"\(y(mib))\" r=\"2.5\" fill=\"#1f6feb\"/>\n"
        }
        return svg + "</svg>\n"
    }

    private static func format(_ value: Double, decimals: Int) -> String {
        String(format: "%.\(value == value.rounded() ? 0 : decimals)f", value)
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }
}
