import GRDB
// Another program writing to a database a DatabaseStorage shows: the database storage tests run
// it in a child process, whose writes GRDB's observation in the test process cannot see.
//
// Usage: DatabaseWriterProbe PATH SQL... — runs the statements in one transaction, prints "ok".
import Glibc

let arguments = CommandLine.arguments.dropFirst()
guard let path = arguments.first else {
    print("usage: DatabaseWriterProbe PATH SQL...")
    exit(64)
}
do {
    var configuration = Configuration()
    configuration.busyMode = .timeout(5)
    try DatabaseQueue(path: path, configuration: configuration).write { db in
        for statement in arguments.dropFirst() { try db.execute(sql: statement) }
    }
    print("ok")
} catch {
    print("failed: \(error)")
    exit(1)
}
