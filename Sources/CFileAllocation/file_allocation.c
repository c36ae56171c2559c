// fallocate(2) is a GNU extension that Swift's Glibc module does not declare.
#define _GNU_SOURCE
#include "CFileAllocation.h"

#include <errno.h>
#include <fcntl.h>

int fauth_allocate_file_space(int descriptor, long long length) {
    while (fallocate(descriptor, 0, 0, (off_t)length) != 0) {
        if (errno != EINTR) {
            return errno;
        }
    }
    return 0;
}
