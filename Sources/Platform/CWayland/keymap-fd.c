// A keymap handed to the compositor as a file descriptor (wl_keyboard's XKB_V1 format): an
// anonymous memfd, sealed so the compositor can map it without fearing it shrinks. Not
// protocol marshalling (that is the generated code); only what Swift's Glibc lacks.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>
#include "CWayland.h"

int clavis_wayland_keymap_fd(const char *data, size_t size) {
    int fd = memfd_create("clavis-keymap", MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0) return -1;
    size_t written = 0;
    while (written < size) {
        ssize_t n = write(fd, data + written, size - written);
        if (n < 0) {
            if (errno == EINTR) continue;
            int saved = errno;
            close(fd);
            errno = saved;
            return -1;
        }
        written += (size_t)n;
    }
    fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL);
    return fd;
}
