#ifndef FLIGHTPLAN_CGLIBCMALLOC_SHIM_H
#define FLIGHTPLAN_CGLIBCMALLOC_SHIM_H

// glibc's allocator tuning (mallopt), which Swift's Glibc module leaves out: `serve` fixes the size from which
// blocks get mappings of their own (ServeCommand.swift says why).

#include <malloc.h>

#endif
