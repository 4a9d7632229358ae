/// Appends steps to an array allocated at the script's size (``EditScript/init(capacity:writingSteps:)``):
/// a store and a count per step, with none of `Array.append`'s checks for a unique, roomy buffer.
struct StepWriter {
    private let buffer: UnsafeMutableBufferPointer<PackedStep>
    private(set) var count = 0

    init(buffer: UnsafeMutableBufferPointer<PackedStep>) {
        self.buffer = buffer
    }

    mutating func append(_ step: PackedStep) {
        precondition(count < buffer.count, "The differ counted fewer steps than it emits.")
        (buffer.baseAddress! + count).initialize(to: step)
        count += 1
    }
}
