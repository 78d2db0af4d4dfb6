// Extended attributes (getxattr, setxattr, removexattr), which Swift's Glibc module does not
// declare: the mark amigo-shell leaves on a file it put in WAL mode while open.
#include <sys/types.h>
#include <sys/xattr.h>
