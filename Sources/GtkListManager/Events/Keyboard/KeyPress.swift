import CGtk

/// A key pressed on a focused row: what ``ListManager/keyPress(_:_:)`` and
/// ``RowMapping/keyPress(_:)`` receive.
public struct KeyPress: Hashable, Sendable {
    /// Modifier keys held during the press.
    public struct Modifiers: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// Shift held.
        public static let shift = Modifiers(rawValue: GDK_SHIFT_MASK.rawValue)
        /// Ctrl held.
        public static let control = Modifiers(rawValue: GDK_CONTROL_MASK.rawValue)
        /// Alt (GDK's Mod1).
        public static let alt = Modifiers(rawValue: GDK_MOD1_MASK.rawValue)
        /// The Super ("Windows") key.
        public static let superKey = Modifiers(rawValue: GDK_SUPER_MASK.rawValue)
    }

    /// The GDK key value (`GDK_KEY_Delete`, `GDK_KEY_a`, …).
    public let keyval: UInt32
    /// The modifiers held (shift, control, alt, super; lock keys left out).
    public let modifiers: Modifiers
    /// The character the key types, if any (nil for Delete, arrows, function keys).
    public let character: Character?

    /// A key press with these values (for tests and synthetic input).
    public init(keyval: UInt32, modifiers: Modifiers = [], character: Character? = nil) {
        self.keyval = keyval
        self.modifiers = modifiers
        self.character = character
    }

    /// The key press a GDK key event describes.
    init(_ event: UnsafeMutablePointer<GdkEventKey>) {
        let keyval = event.pointee.keyval
        let known = Modifiers.shift.rawValue | Modifiers.control.rawValue | Modifiers.alt.rawValue | Modifiers.superKey.rawValue
        let unicode = gdk_keyval_to_unicode(keyval)
        let scalar = unicode == 0 ? nil : Unicode.Scalar(unicode)
        self.init(
            keyval: keyval,
            modifiers: Modifiers(rawValue: event.pointee.state & known),
            character: scalar.flatMap { $0.properties.generalCategory == .control ? nil : Character($0) })
    }
}
