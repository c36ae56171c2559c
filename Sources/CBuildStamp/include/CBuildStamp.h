#ifndef FAUTH_BUILD_STAMP_H
#define FAUTH_BUILD_STAMP_H

/// The commit the binary was built from (hex digits), or "" when it was not stamped (scripts/build-release stamps).
const char *fauth_build_commit(void);

/// The build's date, ISO-8601 UTC (SOURCE_DATE_EPOCH: the commit's time), or "" when it was not stamped.
const char *fauth_build_date(void);

#endif
