// Linux's epoll, eventfd and accept4, which Swift's Glibc module does not expose: the emulator's event loop needs them.
// accept4 is declared only under _GNU_SOURCE; its prototype is repeated here so that an accepted socket is
// close-on-exec from the start (no window in which a concurrent fork could inherit it).
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>

int accept4(int sockfd, struct sockaddr *addr, socklen_t *addrlen, int flags);
