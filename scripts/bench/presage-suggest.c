/* presage behind clavis suggest's line protocol, so one simulation measures both.
 *
 *   cc presage-suggest.c -lpresage -o presage-suggest
 *   presage-suggest --config presage.xml [--count N] [--recency]   (stdin: a line each)
 *
 * The configuration is a copy of /etc/presage.xml (scripts/bench-suggest.sh makes it); it must
 * name only predictors that write nothing, as presage_new opens every one it lists.
 * Learning is off: only presage's shipped n-gram database (DefaultSmoothedNgramPredictor),
 * plus the recency predictor with --recency; ONLINE_LEARNING no, so nothing is written. */
#include <presage.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char line[65536];

static const char *past(void *arg) { (void)arg; return line; }
static const char *future(void *arg) { (void)arg; return ""; }

static void quoted(const char *text) {
    putchar('"');
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        if (*c == '"' || *c == '\\') { putchar('\\'); putchar(*c); }
        else if (*c < 0x20) printf("\\u%04x", *c);
        else putchar(*c);
    }
    putchar('"');
}

int main(int argc, char **argv) {
    const char *count = "3", *config = "/etc/presage.xml";
    const char *predictors = "DefaultSmoothedNgramPredictor";
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--count") && i + 1 < argc) count = argv[++i];
        else if (!strcmp(argv[i], "--config") && i + 1 < argc) config = argv[++i];
        else if (!strcmp(argv[i], "--recency")) predictors = "DefaultSmoothedNgramPredictor DefaultRecencyPredictor";
    }
    presage_t presage;
    if (presage_new_with_config(past, NULL, future, NULL, config, &presage) != PRESAGE_OK) {
        fprintf(stderr, "presage-suggest: presage_new failed\n");
        return 1;
    }
    presage_config_set(presage, "Presage.PredictorRegistry.PREDICTORS", predictors);
    presage_config_set(presage, "Presage.ContextTracker.ONLINE_LEARNING", "no");
    presage_config_set(presage, "Presage.Selector.SUGGESTIONS", count);
    presage_config_set(presage, "Presage.Selector.REPEAT_SUGGESTIONS", "yes");
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = 0;
        char **predictions = NULL;
        char *prefix = NULL;
        presage_prefix(presage, &prefix);
        printf("{\"word\": ");
        quoted(prefix ? prefix : "");
        printf(", \"suggestions\": [");
        if (presage_predict(presage, &predictions) == PRESAGE_OK && predictions) {
            for (int i = 0; predictions[i]; i++) {
                if (i) printf(", ");
                printf("{\"text\": ");
                quoted(predictions[i]);
                printf(", \"kind\": \"completion\"}");
            }
            presage_free_string_array(predictions);
        }
        if (prefix) presage_free_string(prefix);
        printf("]}\n");
        fflush(stdout);
    }
    presage_free(presage);
    return 0;
}
