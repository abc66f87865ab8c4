#include <xkbcommon/xkbcommon.h>
#include <xkbcommon/xkbregistry.h>
