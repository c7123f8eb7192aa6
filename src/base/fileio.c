#include "fileio.h"

#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

char *fd_read_all(int fd, size_t size)
{
	char *buf = malloc(size + 1);
	size_t used = 0;
	while (buf && used < size) {
		ssize_t n = read(fd, buf + used, size - used);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		used += (size_t)n;
	}
	if (!buf)
		return NULL;
	if (used != size) {
		int e = errno ? errno : EIO;
		free(buf);
		errno = e;
		return NULL;
	}
	buf[size] = '\0';
	return buf;
}
