#if PostgreSQL
    import Foundation

    /// What `EXPLAIN (FORMAT JSON)` says a query returns: the planner's estimate of its rows,
    /// from the table's statistics, without running it.
    struct PlanEstimate: Decodable {
        let rows: Int

        private struct Statement: Decodable {
            let plan: Node
            enum CodingKeys: String, CodingKey { case plan = "Plan" }
        }

        private struct Node: Decodable {
            let rows: Double
            enum CodingKeys: String, CodingKey { case rows = "Plan Rows" }
        }

        /// The estimate of `json`, EXPLAIN's output; nil when it is not one.
        init?(json: String) {
            guard let statements = try? JSONDecoder().decode([Statement].self, from: Data(json.utf8)), let first = statements.first
            else { return nil }
            rows = max(0, Int(first.plan.rows))
        }
    }
#endif
