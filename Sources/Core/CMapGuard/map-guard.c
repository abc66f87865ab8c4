// The SIGBUS guard of mapped files: see clavis_map_guard.h. The handler only reads the slots
// (atomics) and calls mmap, so it is safe in a signal handler; registering takes a lock that
// the handler never does.
#include "clavis_map_guard.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define SLOTS 256

struct slot {
    _Atomic uintptr_t start;
    _Atomic uintptr_t end;
    _Atomic int damaged;
};

static struct slot slots[SLOTS];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct sigaction previous;
static int installed;
static uintptr_t page_size;

static void on_bus_error(int signal, siginfo_t *info, void *context) {
    uintptr_t address = (uintptr_t)info->si_addr;
    for (int index = 0; index < SLOTS; index++) {
        uintptr_t start = atomic_load(&slots[index].start);
        uintptr_t end = atomic_load(&slots[index].end);
        if (start == 0 || address < start || address >= end) continue;
        // Zeros where the file's page was: the read goes on, and finds nothing there.
        void *page = (void *)(address & ~(page_size - 1));
        if (mmap(page, page_size, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) != MAP_FAILED) {
            atomic_store(&slots[index].damaged, 1);
            return;
        }
        break;
    }
    // Not a guarded page: what was there before decides (the fault comes again on return).
    sigaction(SIGBUS, &previous, NULL);
    (void)signal;
    (void)context;
}

int clavis_map_guard_register(const void *start, size_t length) {
    if (start == NULL || length == 0) return -1;
    pthread_mutex_lock(&lock);
    if (!installed) {
        page_size = (uintptr_t)sysconf(_SC_PAGESIZE);
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_sigaction = on_bus_error;
        action.sa_flags = SA_SIGINFO | SA_NODEFER;
        sigemptyset(&action.sa_mask);
        installed = sigaction(SIGBUS, &action, &previous) == 0;
    }
    int found = -1;
    for (int index = 0; installed && index < SLOTS; index++) {
        if (atomic_load(&slots[index].start) != 0) continue;
        atomic_store(&slots[index].damaged, 0);
        atomic_store(&slots[index].end, (uintptr_t)start + length);
        atomic_store(&slots[index].start, (uintptr_t)start);
        found = index;
        break;
    }
    pthread_mutex_unlock(&lock);
    return found;
}

void clavis_map_guard_unregister(int slot) {
    if (slot < 0 || slot >= SLOTS) return;
    pthread_mutex_lock(&lock);
    atomic_store(&slots[slot].start, 0);
    atomic_store(&slots[slot].end, 0);
    atomic_store(&slots[slot].damaged, 0);
    pthread_mutex_unlock(&lock);
}

int clavis_map_guard_damaged(int slot) {
    if (slot < 0 || slot >= SLOTS) return 0;
    return atomic_load(&slots[slot].damaged);
}

int clavis_map_guard_capacity(void) {
    return SLOTS;
}
