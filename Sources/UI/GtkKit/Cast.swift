@_exported import CGtk3

/// Reinterprets one GObject pointer as another type in its class hierarchy.
///
/// GTK's cast macros (`GTK_WINDOW(w)`, `G_OBJECT(x)`) do not import into Swift, and Swift sees
/// GTK structs as complete types, so an upcast or downcast is a pointer conversion. GObject
/// instances begin with their parent struct, so the conversion is exactly what the C macro does
/// without its runtime type check.
///
///     let window: UnsafeMutablePointer<GtkWindow> = gtkCast(widget)
///     gtk_window_set_title(window, "Clavis")
@inlinable
public func gtkCast<From, To>(_ pointer: UnsafeMutablePointer<From>) -> UnsafeMutablePointer<To> {
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: To.self)
}

/// Reinterprets an untyped GObject pointer (`gpointer`) as a typed one.
@inlinable
public func gtkCast<To>(_ pointer: UnsafeMutableRawPointer) -> UnsafeMutablePointer<To> {
    pointer.assumingMemoryBound(to: To.self)
}

/// Converts a C string GLib owns (or a Swift literal's storage) into a Swift String, or "" for NULL.
@inlinable
public func gtkString(_ cString: UnsafePointer<gchar>?) -> String {
    cString.map { String(cString: $0) } ?? ""
}
