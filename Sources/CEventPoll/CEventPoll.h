// Linux's epoll and eventfd, which Swift's Glibc module does not expose: the emulator's event loop needs them.
#include <sys/epoll.h>
#include <sys/eventfd.h>
