#ifndef CLIBRSVG_SHIM_H
#define CLIBRSVG_SHIM_H

#include <librsvg/rsvg.h>
#include <cairo.h>
#include <gio/gio.h>

#endif
