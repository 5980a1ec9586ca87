// libdbus-1 (Debian's libdbus-1-dev), for the AT-SPI bridge's C target.
#pragma once
#include <dbus/dbus.h>
