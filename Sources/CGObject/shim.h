#include <glib-object.h>
