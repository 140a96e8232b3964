/* Marks libhyph's public symbols. The library is built with hidden visibility, so only what
 * carries HYPH_EXPORT (the hyph_* C functions and the hyph:: C++ API) is exported from the
 * shared library; the internals (hyph::detail, hyph::patterns, hyph::filters) are not.
 * Valid C and C++. */
#ifndef HYPH_EXPORT_H
#define HYPH_EXPORT_H

#if defined(__GNUC__) || defined(__clang__)
#define HYPH_EXPORT __attribute__((visibility("default")))
#else
#define HYPH_EXPORT
#endif

#endif /* HYPH_EXPORT_H */
