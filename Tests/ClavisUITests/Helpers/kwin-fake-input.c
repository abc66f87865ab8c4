// Presses a point of KWin's output through org_kde_kwin_fake_input, the way KDE Connect and
// the KWin tests add input to a seat that has no pointer or touch device (a headless KWin).
// Built by the tests (HeadlessKWin) with the protocol glue wayland-scanner makes from Debian's
// plasma-wayland-protocols; run as the compositor's user, which KWin requires.
// It keeps its connection (KWin removes a client's fake devices when it goes) and reads
// commands from standard input, one a line, answering each with a line "ok SECONDS" once KWin
// has handled it, SECONDS being CLOCK_MONOTONIC when the press went out (for clavis-bench kwin):
//   click X Y      pointer to X, Y (output pixels), left button down and up
//   touch X Y      one finger down at X, Y and up again
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <wayland-client.h>
#include "fake-input-client-protocol.h"

static struct org_kde_kwin_fake_input *fake;

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    (void)data;
    if (strcmp(interface, org_kde_kwin_fake_input_interface.name) == 0) {
        fake = wl_registry_bind(registry, name, &org_kde_kwin_fake_input_interface, version < 4 ? version : 4);
    }
}

static void global_remove(void *data, struct wl_registry *registry, uint32_t name) {
    (void)data, (void)registry, (void)name;
}

static const struct wl_registry_listener listener = {global, global_remove};

static double now(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return time.tv_sec + time.tv_nsec / 1e9;
}

static double press(struct wl_display *display, const char *action, double x, double y) {
    double pressed;
    if (strcmp(action, "click") == 0) {
        org_kde_kwin_fake_input_pointer_motion_absolute(fake, wl_fixed_from_double(x), wl_fixed_from_double(y));
        wl_display_roundtrip(display);
        org_kde_kwin_fake_input_button(fake, 0x110 /* BTN_LEFT */, 1);
        wl_display_flush(display);
        pressed = now();
        wl_display_roundtrip(display);
        org_kde_kwin_fake_input_button(fake, 0x110, 0);
    } else {
        org_kde_kwin_fake_input_touch_down(fake, 0, wl_fixed_from_double(x), wl_fixed_from_double(y));
        org_kde_kwin_fake_input_touch_frame(fake);
        wl_display_flush(display);
        pressed = now();
        wl_display_roundtrip(display);
        org_kde_kwin_fake_input_touch_up(fake, 0);
        org_kde_kwin_fake_input_touch_frame(fake);
    }
    wl_display_roundtrip(display);
    return pressed;
}

int main(void) {
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) {
        fprintf(stderr, "kwin-fake-input: cannot connect to the compositor\n");
        return 1;
    }
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &listener, NULL);
    wl_display_roundtrip(display);
    if (!fake) {
        fprintf(stderr, "kwin-fake-input: the compositor offers no org_kde_kwin_fake_input to this client\n");
        return 1;
    }
    org_kde_kwin_fake_input_authenticate(fake, "clavis tests", "press the keyboard's keys");
    // The first event adds the pointer and touch devices to the seat; clients bind them
    // when told, before the first press.
    org_kde_kwin_fake_input_pointer_motion_absolute(fake, wl_fixed_from_double(1), wl_fixed_from_double(1));
    wl_display_roundtrip(display);
    usleep(300000);
    printf("ready\n");
    fflush(stdout);
    char line[256], action[16];
    double x, y;
    while (fgets(line, sizeof line, stdin)) {
        if (sscanf(line, "%15s %lf %lf", action, &x, &y) != 3 || (strcmp(action, "click") != 0 && strcmp(action, "touch") != 0)) {
            fprintf(stderr, "kwin-fake-input: not a command: %s", line);
            continue;
        }
        printf("ok %.6f\n", press(display, action, x, y));
        fflush(stdout);
    }
    wl_display_disconnect(display);
    return 0;
}
