// The helpers Debian's libhyphen.so.0 exports beside its API, with 2.8.8's names and
// signatures: its allocator (hnj_malloc, which never returns NULL), hnj_strchomp, and the steps
// hnj_hyphen_hyphenate2 runs after the pattern levels, which are the engine's
// (dic/steps.h, through dic/c_steps.h) called on the caller's buffers. Only the ABI-compatible libhyphen.so.0
// exports them (hyphen/compat/libhyphen.map); old programs built against libhyphen's private
// header may call them.
#include "hyphen/libhyphen_private.h"

#include "dic/c_steps.h"
#include "dic/steps.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

extern "C" {

void* hnj_malloc(int size) {
  void* p = std::malloc(static_cast<std::size_t>(std::max(size, 0)));
  if (p == nullptr && size != 0) {
    // libhyphen's contract: its allocator never returns NULL; it ends the process instead.
    std::fprintf(stderr, "can't allocate %d bytes\n", size);
    std::exit(1);
  }
  return p;
}

void* hnj_realloc(void* p, int size) {
  p = std::realloc(p, static_cast<std::size_t>(std::max(size, 0)));
  if (p == nullptr && size != 0) {
    std::fprintf(stderr, "can't allocate %d bytes\n", size);
    std::exit(1);
  }
  return p;
}

void hnj_free(void* p) { std::free(p); }

void hnj_strchomp(char* s) {
  if (s == nullptr) return;
  const std::size_t k = std::strlen(s);
  if (k > 0 && (s[k - 1] == '\r' || s[k - 1] == '\n')) s[k - 1] = '\0';
  if (k > 1 && s[k - 2] == '\r') s[k - 2] = '\0';
}

int hnj_ligature(unsigned char c) { return hyph::dic::steps::ligature(c); }

int hnj_hyphen_strnlen(const char* word, int n, int utf8) { return hyph::dic::steps::strnlen(word, n, utf8 != 0); }

int hnj_hyphen_lhmin(int utf8, const char* word, int word_size, char* hyphens, char*** rep, int** pos,
                     int** cut, int lhmin) {
  return hyph::dic::steps::left_min(utf8 != 0, word, word_size, hyphens, rep, pos, cut, lhmin);
}

int hnj_hyphen_rhmin(int utf8, const char* word, int word_size, char* hyphens, char*** rep, int** pos,
                     int** cut, int rhmin) {
  return hyph::dic::steps::right_min(utf8 != 0, word, word_size, hyphens, rep, pos, cut, rhmin);
}

int hnj_hyphen_norm(const char* word, int word_size, char* hyphens, char*** rep, int** pos, int** cut) {
  return hyph::dic::steps::normalise(word, word_size, hyphens, rep, pos, cut);
}

void hnj_hyphen_hyphword(const char* word, int l, const char* hyphens, char* hyphword, char*** rep, int** pos,
                         int** cut) {
  hyph::dic::steps::hyphenated_word(word, l, hyphens, hyphword, rep, pos, cut);
}

}  // extern "C"
