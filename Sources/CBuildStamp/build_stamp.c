// The build's stamp: 128 bytes that scripts/build-release writes into the linked binaries (scripts/stamp-build), found
// by their marker, so that a new commit relinks nothing and rebuilds nothing: the marker (32 bytes), the commit
// (64 bytes), the date (32 bytes), each NUL-terminated. A binary not stamped says nothing (empty strings). The array
// is a writable external definition, so the compiler cannot fold its unstamped contents into the functions.
#include "CBuildStamp.h"

char fauth_build_stamp[128] = "FAUTH-BUILD-STAMP-V1";

const char *fauth_build_commit(void) { return fauth_build_stamp + 32; }

const char *fauth_build_date(void) { return fauth_build_stamp + 96; }
