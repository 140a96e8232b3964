/* CHECK for the C tests: reports a failed condition and counts it in `failures`, which the
 * including file defines. */
#ifndef HYPH_TESTS_C_CHECK_H
#define HYPH_TESTS_C_CHECK_H

#include <stdio.h>

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      ++failures;                                                              \
    }                                                                          \
  } while (0)

#endif
