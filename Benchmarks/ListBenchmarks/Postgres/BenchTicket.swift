#if PostgreSQL
    import Foundation
    import PostgresNIO
    import PostgresStorage

    /// A ticket as the PostgreSQL storage's article has an app declare one: the columns it reads
    /// and a decoding `init(row:)`, `Equatable` so that a change of another client updates only
    /// the rows whose values changed (the article's advice).
    struct BenchTicket: PostgresRecord, Equatable {
        static let columns = ["id", "title", "status", "priority", "assignee", "updated_at"]
        let id: Int64
        let title: String
        let status: String
        let priority: Int32
        let assignee: String?
        let updatedAt: Date

        init(row: PostgresRandomAccessRow) throws {
            id = try row["id"].decode(Int64.self)
            title = try row["title"].decode(String.self)
            status = try row["status"].decode(String.self)
            priority = try row["priority"].decode(Int32.self)
            assignee = try row["assignee"].decode(String?.self)
            updatedAt = try row["updated_at"].decode(Date.self)
        }
    }
#endif
