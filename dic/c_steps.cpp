// libhyphen's steps (dic/steps.h, the one copy the engine runs too) on the caller's C buffers
// (dic/c_steps.h): the drop-in's exports call these; tests/hyphen's hyphen-steps holds them
// against Debian's own.
#include "dic/c_steps.h"

#include "dic/steps.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace hyph::dic::steps {

namespace {

// The word as the steps read it: its word_size bytes, '\0' outside them.
struct CWord {
  const unsigned char* p;
  long size;
  unsigned char at(long j) const noexcept { return j >= 0 && j < size ? p[j] : 0; }
};

// The caller's rep/pos/cut: malloc'ed strings, a dropped one released with free() as 2.8.8 does.
struct CReps {
  char** rep = nullptr;
  int* pos_ = nullptr;
  int* cut_ = nullptr;
  CReps(char*** r, int** p, int** c) {
    if (r != nullptr && p != nullptr && c != nullptr && *r != nullptr && *p != nullptr && *c != nullptr) {
      rep = *r;
      pos_ = *p;
      cut_ = *c;
    }
  }
  bool any() const noexcept { return rep != nullptr; }
  bool has(long j) const noexcept { return rep != nullptr && rep[j] != nullptr; }
  const char* text(long j) const noexcept { return rep[j]; }
  int pos(long j) const noexcept { return pos_[j]; }
  int cut(long j) const noexcept { return cut_[j]; }
  void set(long j, int p, int c) const noexcept {
    pos_[j] = p;
    cut_[j] = c;
  }
  void drop(long j) const noexcept {
    std::free(rep[j]);
    rep[j] = nullptr;
  }
  void move(long from, long to) const noexcept {
    if (rep[to] != rep[from]) std::free(rep[to]);
    rep[to] = rep[from];
    rep[from] = nullptr;
    pos_[from] = 0;
    cut_[from] = 0;
  }
};

}  // namespace

int strnlen(const char* word, int n, bool utf8) noexcept {
  if (word == nullptr) return 0;
  // As 2.8.8, read up to the string's '\0', never further.
  const auto* u = reinterpret_cast<const unsigned char*>(word);
  return char_count([u](long j) { return u[j]; }, n, utf8);
}

int left_min(bool utf8, const char* word, int word_size, char* hyphens, char*** rep, int** pos, int** cut,
             int lhmin) noexcept {
  if (word == nullptr || hyphens == nullptr || word_size <= 0) return 0;
  RawHyphens hy{hyphens};
  CReps reps(rep, pos, cut);
  steps::left_min(utf8, CWord{reinterpret_cast<const unsigned char*>(word), word_size}, hy, reps, lhmin);
  return 0;
}

int right_min(bool utf8, const char* word, int word_size, char* hyphens, char*** rep, int** pos, int** cut,
              int rhmin) noexcept {
  if (word == nullptr || hyphens == nullptr || word_size <= 0) return 0;
  RawHyphens hy{hyphens};
  CReps reps(rep, pos, cut);
  steps::right_min(utf8, CWord{reinterpret_cast<const unsigned char*>(word), word_size}, word_size, hy, reps, rhmin);
  return 0;
}

int normalise(const char* word, int word_size, char* hyphens, char*** rep, int** pos, int** cut) noexcept {
  if (word == nullptr || hyphens == nullptr || word_size <= 0) return 0;
  RawHyphens hy{hyphens};
  CReps reps(rep, pos, cut);
  std::size_t positions = 0;
  if (steps::normalise(CWord{reinterpret_cast<const unsigned char*>(word), word_size}, word_size, word_size, hy, reps,
                       positions) == 0)
    return 0;
  std::fprintf(stderr, "error - bad, non UTF-8 input: %.*s\n", word_size, word);
  return 1;
}

void hyphenated_word(const char* word, int l, const char* hyphens, char* hyphword, char*** rep, int** pos,
                     int** cut) noexcept {
  if (word == nullptr || hyphens == nullptr || hyphword == nullptr || l < 0) return;
  const RawHyphens hy{const_cast<char*>(hyphens)};
  const CReps reps(rep, pos, cut);
  std::vector<char> h(static_cast<std::size_t>(hyphenated_room(l, hy, reps)), '\0');
  const std::size_t length = steps::hyphenated_word(CWord{reinterpret_cast<const unsigned char*>(word), l}, l, hy,
                                                    reps, h.data(), static_cast<long>(h.size()));
  // libhyphen's buffer rule for the hyphenated word: twice the word.
  const std::size_t room = std::max<std::size_t>(2 * static_cast<std::size_t>(l), 1);
  const std::size_t n = std::min(length, room - 1);
  std::memcpy(hyphword, h.data(), n);
  hyphword[n] = '\0';
}

}  // namespace hyph::dic::steps
