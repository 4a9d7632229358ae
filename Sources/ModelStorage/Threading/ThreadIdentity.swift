#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a diagnostic names a thread: its kernel id and its name, as `top -H` and debuggers show
/// them ("thread 8125 "importer"").
struct ThreadIdentity: CustomStringConvertible {
    /// The kernel thread id; nil where the system does not tell.
    let id: Int?
    /// The thread's name; nil when it has none or the system does not tell.
    let name: String?

    /// The calling thread, read from `/proc/thread-self` (Linux). Only for diagnostics: it reads
    /// files, so keep it off hot paths.
    static var current: ThreadIdentity {
        // "/proc/thread-self" links to "<pid>/task/<tid>"; glibc's gettid() needs _GNU_SOURCE,
        // which Swift's Glibc module does not define.
        let link = readLink("/proc/thread-self")
        let id = link.flatMap { $0.split(separator: "/").last }.flatMap { Int($0) }
        let name = readFirstLine("/proc/thread-self/comm")
        return ThreadIdentity(id: id, name: name?.isEmpty == false ? name : nil)
    }

    var description: String {
        let number = id.map { "thread \($0)" } ?? "another thread"
        return name.map { "\(number) \"\($0)\"" } ?? number
    }

    private static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 64)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func readFirstLine(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(descriptor, &buffer, buffer.count)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count], as: UTF8.self).split(separator: "\n").first.map(String.init)
    }
}
