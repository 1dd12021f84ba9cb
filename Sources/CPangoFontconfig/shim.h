#ifndef CPANGOFONTCONFIG_SHIM_H
#define CPANGOFONTCONFIG_SHIM_H

#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <cairo-ft.h>

#endif
