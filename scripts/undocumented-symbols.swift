// Lists the symbol pages of a DocC archive that show no abstract: a public symbol with neither
// a doc comment of its own nor one DocC inherits (from the protocol requirement it implements).
// `swift scripts/undocumented-symbols.swift ARCHIVE`; exits 1 when it lists any. check-docs.sh
// runs it on each catalog it converts.
import Foundation

let pages = URL(fileURLWithPath: CommandLine.arguments[1]).appending(path: "data/documentation")
var undocumented: [String] = []
let files = FileManager.default.enumerator(at: pages, includingPropertiesForKeys: nil)
while let file = files?.nextObject() as? URL {
    guard file.pathExtension == "json", let data = try? Data(contentsOf: file),
        let page = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        page["kind"] as? String == "symbol"
    else { continue }
    let abstract = page["abstract"] as? [Any] ?? []
    if abstract.isEmpty {
        undocumented.append(String(file.path.dropFirst(pages.path.count + 1).dropLast(".json".count)))
    }
}
for symbol in undocumented.sorted() { print("undocumented: \(symbol)") }
exit(undocumented.isEmpty ? 0 : 1)
