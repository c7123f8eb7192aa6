/* Reading a regular file whose size fstat gave, all of it or nothing. */
#ifndef GPUPLAN_FILEIO_H
#define GPUPLAN_FILEIO_H

#include <stddef.h>

/* Reads size bytes from fd into a new NUL-terminated buffer, retrying
 * interrupted and short reads. NULL when memory runs out or the file
 * ends early or fails (errno says which; EIO for a short file). */
char *fd_read_all(int fd, size_t size);

#endif
