// libhyphen's post-processing steps on the caller's buffers (dic/steps.h). Moved here
// from the drop-in (hyphen/), which now calls them: one copy, tested against Debian's own by
// tests/hyphen's hyphen-steps.
#include "dic/steps.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace hyph::dic::steps {

namespace {

bool continuation(char c) { return (static_cast<unsigned char>(c) & 0xc0) == 0x80; }
bool digit(char c) { return c >= '0' && c <= '9'; }

bool has_replacements(char*** rep, int** pos, int** cut) {
  return rep != nullptr && pos != nullptr && cut != nullptr && *rep != nullptr && *pos != nullptr &&
         *cut != nullptr;
}

// U+FB00..U+FB06 (EF AC 80..86) at word[j]: how many characters more than one it stands for,
// as 2.8.8 counts them (without LONG_LIGATURE: only ffi and ffl count one more).
int ligature_at(const char* word, int j, int size) {
  if (j + 2 >= size) return 0;
  const auto* u = reinterpret_cast<const unsigned char*>(word + j);
  if (u[0] != 0xEF || u[1] != 0xAC) return 0;
  return u[2] == 0x83 || u[2] == 0x84 ? 1 : 0;
}

void drop(char*** rep, int j, char* hyphens) {
  std::free((*rep)[j]);
  (*rep)[j] = nullptr;
  hyphens[j] = '0';
}

}  // namespace


int ligature(unsigned char c) noexcept { return c == 0x83 || c == 0x84 ? 1 : 0; }

int strnlen(const char* word, int n, bool utf8) noexcept {
  if (word == nullptr) return 0;
  int chars = 0;
  int j = 0;
  while (j < n && word[j] != '\0') {
    ++chars;
    // As 2.8.8, a ligature counts in full even when n ends inside it: its bytes are read up to
    // the string's '\0', never further.
    const auto* u = reinterpret_cast<const unsigned char*>(word + j);
    if (utf8 && u[0] == 0xEF && u[1] == 0xAC) chars += ligature(u[2]);
    for (++j; utf8 && j < n && continuation(word[j]); ++j) {
    }
  }
  return chars;
}

int left_min(bool utf8, const char* word, int word_size, char* hyphens, char*** rep, int** pos, int** cut,
             int lhmin) noexcept {
  if (word == nullptr || hyphens == nullptr || word_size <= 0) return 0;
  const bool reps = has_replacements(rep, pos, cut);
  int i = 1;
  if (utf8) i += ligature_at(word, 0, word_size);
  for (int j = 0; j < word_size && digit(word[j]); ++j) --i;  // leading digits do not count
  int j = 0;
  for (; i < lhmin && j < word_size && word[j] != '\0'; ++i) {
    do {  // one character: its bytes
      char* r = reps ? (*rep)[j] : nullptr;
      if (r != nullptr) {
        // A non-standard break stays if its left part is long enough.
        const char* eq = std::strchr(r, '=');
        const int start = j - (*pos)[j] + 1;
        if (eq != nullptr && start >= 0 &&
            strnlen(word, start, utf8) + strnlen(r, static_cast<int>(eq - r), utf8) < lhmin)
          drop(rep, j, hyphens);
      } else {
        hyphens[j] = '0';
      }
      ++j;
      if (utf8) i += ligature_at(word, j, word_size);
    } while (utf8 && j < word_size && continuation(word[j]));
  }
  return 0;
}

int right_min(bool utf8, const char* word, int word_size, char* hyphens, char*** rep, int** pos, int** cut,
              int rhmin) noexcept {
  if (word == nullptr || hyphens == nullptr || word_size <= 0) return 0;
  const bool reps = has_replacements(rep, pos, cut);
  int i = 0;
  for (int j = word_size - 1; j > 0 && digit(word[j]); --j) --i;  // trailing digits do not count
  for (int j = word_size - 1; i < rhmin && j > 0; --j) {
    char* r = reps ? (*rep)[j] : nullptr;
    if (r != nullptr) {
      // A non-standard break stays if its right part is long enough.
      const char* eq = std::strchr(r, '=');
      const int after = j - (*pos)[j] + (*cut)[j] + 1;
      if (eq != nullptr && after >= 0 && after <= word_size &&
          strnlen(word + after, std::min(100, word_size - after), utf8) +
                  strnlen(eq + 1, static_cast<int>(std::strlen(eq + 1)), utf8) <
              rhmin)
        drop(rep, j, hyphens);
    } else {
      hyphens[j] = '0';
    }
    if (!utf8 || !continuation(word[j])) ++i;  // count a character at its first byte
  }
  return 0;
}

int normalise(const char* word, int word_size, char* hyphens, char*** rep, int** pos, int** cut) noexcept {
  if (word == nullptr || hyphens == nullptr || word_size <= 0) return 0;
  if (continuation(word[0])) {
    std::fprintf(stderr, "error - bad, non UTF-8 input: %.*s\n", word_size, word);
    return 1;
  }
  const bool reps = has_replacements(rep, pos, cut);
  // Byte i's entries move to its character's index j; a character's last byte wins.
  int j = -1;
  for (int i = 0; i < word_size; ++i) {
    if (!continuation(word[i])) ++j;
    hyphens[j] = hyphens[i];
    if (!reps) continue;
    const int back = std::clamp((*pos)[i], 0, i + 1);
    int chars = 0;
    for (int k = 0; k < back; ++k)
      if (!continuation(word[i - k])) ++chars;
    (*pos)[j] = chars;
    const int from = i - back + 1;
    const int to = std::clamp(from + (*cut)[i], from, word_size);
    chars = 0;
    for (int k = from; k < to; ++k)
      if (!continuation(word[k])) ++chars;
    (*cut)[j] = chars;
    if (j < i) {
      if ((*rep)[j] != (*rep)[i]) std::free((*rep)[j]);
      (*rep)[j] = (*rep)[i];
      (*rep)[i] = nullptr;
      (*pos)[i] = 0;
      (*cut)[i] = 0;
    }
  }
  hyphens[j + 1] = '\0';
  return 0;
}

void hyphenated_word(const char* word, int l, const char* hyphens, char* hyphword, char*** rep, int** pos,
                     int** cut) noexcept {
  if (word == nullptr || hyphens == nullptr || hyphword == nullptr || l < 0) return;
  const bool reps = has_replacements(rep, pos, cut);
  // 2.8.8 keeps its copies of replacements inside word_size + 5 bytes and ends the string at
  // index word_size + 4 after each: once a replacement reaches that index, the hyphenated
  // word stops there.
  const std::size_t limit = static_cast<std::size_t>(l) + 4;
  bool cut_at_limit = false;
  std::string out;
  for (int i = 0; i < l; ++i) {
    out.push_back(word[i]);
    if (!(hyphens[i] & 1)) continue;
    const char* r = reps ? (*rep)[i] : nullptr;
    const int p = r != nullptr ? (*pos)[i] : 0;
    const int c = r != nullptr ? (*cut)[i] : 0;
    if (r != nullptr && p >= 0 && static_cast<std::size_t>(p) <= out.size() && c >= p) {
      // The replacement starts p characters back, at the break's own character for p = 1
      // ("sz=" after "kulis" gives "kulisz="), and covers c characters of the word.
      out.resize(out.size() - static_cast<std::size_t>(p));
      out += r;
      cut_at_limit = cut_at_limit || out.size() > limit;
      i += c - p;
    } else {
      out.push_back('=');
    }
  }
  if (cut_at_limit) out.resize(std::min(out.size(), limit));
  // libhyphen's buffer rule for the hyphenated word: twice the word.
  const std::size_t room = std::max<std::size_t>(2 * static_cast<std::size_t>(l), 1);
  const std::size_t n = std::min(out.size(), room - 1);
  std::memcpy(hyphword, out.data(), n);
  hyphword[n] = '\0';
}

}  // namespace hyph::dic::steps
