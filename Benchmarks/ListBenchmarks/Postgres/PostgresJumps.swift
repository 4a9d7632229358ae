#if PostgreSQL
    import CGtk
    import GtkListManager

    /// The load part after the first frame: the scrollbar dragged to random places, as a user
    /// jumps through ten million rows, each timed to the painted frame whose every row on screen
    /// shows a ticket; then the memory the list holds.
    extension PostgresScenario {
        func measureJumps() {
            var wrong = 0
            watchingStalls("jumps") {
                for (index, fraction) in PostgresBenchmark.jumpFractions.enumerated() {
                    let start = ProcessProbes.wallMilliseconds()
                    gtk_adjustment_set_value(list.vertical, fraction * list.scrollRange)
                    // The first jump reads the sampled keys every jump starts from.
                    let time = sample("jump", from: start) { [list] in list!.onScreen.rows()?.areIncreasing == true }
                    if index == 0, let time { result.values["first_jump_ms"] = time }
                    // Rows skipped or repeated where the jump landed.
                    if list.onScreen.rows()?.areConsecutive != true { wrong += 1 }
                }
            }
            result.values["jump_wrong_rows"] = Double(wrong)
            result.values["memory_jumps_mib"] = ProcessProbes.residentMiB() - memoryBefore
        }
    }
#endif
