#ifndef CLAVIS_MAP_GUARD_H
#define CLAVIS_MAP_GUARD_H

#include <stddef.h>

/// A file mapped into memory stays safe to read when the file is cut short or rewritten in
/// place behind the mapping (`truncate`, `cp` or `rsync --inplace` over an installed lexicon):
/// the kernel raises SIGBUS for a page past the file's new end. For a registered mapping, the
/// guard's handler puts a page of zeros where the file was and lets the read go on; the
/// mapping is then marked damaged, and its owner reads the file again. A SIGBUS anywhere else
/// goes to the handler that was there before (or the default: the process ends).
///
///     int slot = clavis_map_guard_register(base, size);   // -1: no room, the mapping is unguarded
///     ...
///     if (clavis_map_guard_damaged(slot)) { /* read the file again */ }
///     clavis_map_guard_unregister(slot);                   // before munmap

/// Guards `length` bytes from `start`; the slot, or -1 when every slot is taken.
int clavis_map_guard_register(const void *start, size_t length);
/// Stops guarding a slot (before its mapping is unmapped).
void clavis_map_guard_unregister(int slot);
/// Whether a read of the slot's mapping found the file gone from under it.
int clavis_map_guard_damaged(int slot);
/// How many mappings can be guarded at once.
int clavis_map_guard_capacity(void);

#endif
