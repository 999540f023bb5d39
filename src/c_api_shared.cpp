// Translation unit of the shared C ABI library (libxpose_c.so): every symbol comes from
// the static library, linked whole; this file only gives the target a source.
#include <xpose/xpose.h>
