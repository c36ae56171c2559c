#ifndef FAUTH_FILE_ALLOCATION_H
#define FAUTH_FILE_ALLOCATION_H

/// Allocates `length` bytes of disk to the open file `descriptor` from its start, without writing them (Linux's
/// fallocate(2), mode 0); retries EINTR. Returns 0, or the errno value: EOPNOTSUPP where the file system cannot.
int fauth_allocate_file_space(int descriptor, long long length);

#endif
