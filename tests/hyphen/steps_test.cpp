// The helpers the ABI-compatible libhyphen.so.0 exports beside the API (hyphen/
// libhyphen_steps.cpp) against Debian's libhyphen.so.0 itself, loaded with dlopen(RTLD_LOCAL |
// RTLD_DEEPBIND): the same outputs for random, well-formed inputs (the kind hyphenate2 makes:
// rep/pos/cut inside the word). Exits 77 without libhyphen.so.0, and in sanitizer builds
// (ASan refuses RTLD_DEEPBIND).
#define DOCTEST_CONFIG_IMPLEMENT
#include "hyphen/libhyphen_private.h"

#include <dlfcn.h>
#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace {

// Debian's functions, looked up on their own handle.
struct Libhyphen {
  void* handle = nullptr;
  decltype(&hnj_hyphen_strnlen) strnlen = nullptr;
  decltype(&hnj_hyphen_lhmin) lhmin = nullptr;
  decltype(&hnj_hyphen_rhmin) rhmin = nullptr;
  decltype(&hnj_hyphen_norm) norm = nullptr;
  decltype(&hnj_hyphen_hyphword) hyphword = nullptr;
  decltype(&hnj_strchomp) strchomp = nullptr;
  decltype(&hnj_ligature) ligature = nullptr;
};

std::optional<Libhyphen> open_libhyphen() {
  Libhyphen l;
  l.handle = dlopen("libhyphen.so.0", RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
  if (l.handle == nullptr) return std::nullopt;
  auto get = [&](auto& f, const char* name) { f = reinterpret_cast<std::remove_reference_t<decltype(f)>>(dlsym(l.handle, name)); };
  get(l.strnlen, "hnj_hyphen_strnlen");
  get(l.lhmin, "hnj_hyphen_lhmin");
  get(l.rhmin, "hnj_hyphen_rhmin");
  get(l.norm, "hnj_hyphen_norm");
  get(l.hyphword, "hnj_hyphen_hyphword");
  get(l.strchomp, "hnj_strchomp");
  get(l.ligature, "hnj_ligature");
  if (!l.strnlen || !l.lhmin || !l.rhmin || !l.norm || !l.hyphword || !l.strchomp || !l.ligature) return std::nullopt;
  // The system's, not ours (linked into this test): dladdr names the file that answers.
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(l.lhmin), &info) == 0 || reinterpret_cast<void*>(l.lhmin) == reinterpret_cast<void*>(&hnj_hyphen_lhmin))
    return std::nullopt;
  std::printf("comparing with %s\n", info.dli_fname);
  return l;
}

std::optional<Libhyphen>& libhyphen() {
  static std::optional<Libhyphen> l = open_libhyphen();
  return l;
}

// A word of whole characters: ASCII letters, some digits, 2- and 3-byte UTF-8 letters and the
// U+FB00..FB06 ligatures (UTF-8), or Latin-1 bytes (8-bit).
std::string random_word(std::mt19937& rng, bool utf8, int max_chars) {
  static const char* const utf8_pieces[] = {"a", "e", "k", "s", "z", "y", "1", "\xc5\x91", "\xc3\x9f", "\xc3\xa9",
                                            "\xe2\x80\x93", "\xef\xac\x83", "\xef\xac\x80", "\xef\xac\x84"};
  static const char* const latin1_pieces[] = {"a", "e", "k", "s", "z", "y", "1", "\xe9", "\xdf", "\xf6"};
  std::string w;
  const int chars = std::uniform_int_distribution<int>(1, max_chars)(rng);
  for (int c = 0; c < chars; ++c) {
    if (utf8)
      w += utf8_pieces[std::uniform_int_distribution<std::size_t>(0, std::size(utf8_pieces) - 1)(rng)];
    else
      w += latin1_pieces[std::uniform_int_distribution<std::size_t>(0, std::size(latin1_pieces) - 1)(rng)];
  }
  return w;
}

// rep/pos/cut as hyphenate2 leaves them: each entry inside the word, cut >= pos.
struct Replacements {
  std::vector<char*> rep;
  std::vector<int> pos, cut;
  char** rep_p = nullptr;
  int* pos_p = nullptr;
  int* cut_p = nullptr;
  Replacements() = default;
  Replacements(const Replacements& o) : rep(o.rep.size()), pos(o.pos), cut(o.cut) {
    for (std::size_t i = 0; i < rep.size(); ++i) rep[i] = o.rep[i] ? strdup(o.rep[i]) : nullptr;
    point(o.rep_p != nullptr);
  }
  Replacements& operator=(const Replacements&) = delete;
  ~Replacements() {
    for (char* r : rep) std::free(r);
  }
  void point(bool present) {
    rep_p = present ? rep.data() : nullptr;
    pos_p = present ? pos.data() : nullptr;
    cut_p = present ? cut.data() : nullptr;
  }
};

Replacements random_replacements(std::mt19937& rng, const std::string& hyphens, int size, bool present) {
  Replacements r;
  r.rep.assign(static_cast<std::size_t>(size), nullptr);
  r.pos.assign(static_cast<std::size_t>(size), 0);
  r.cut.assign(static_cast<std::size_t>(size), 0);
  r.point(present);
  if (!present) return r;
  std::uniform_int_distribution<int> percent(0, 99);
  for (int i = 0; i < size; ++i) {
    if (!(hyphens[static_cast<std::size_t>(i)] & 1) || percent(rng) >= 40) continue;
    const int p = std::uniform_int_distribution<int>(1, std::min(i + 1, 3))(rng);
    const int max_cut = std::min(p + 2, size - i + p - 1);
    if (max_cut < p) continue;
    const int c = std::uniform_int_distribution<int>(p, max_cut)(rng);
    std::string text(static_cast<std::size_t>(std::uniform_int_distribution<int>(1, 3)(rng)), 's');
    text += '=';
    text += std::string(static_cast<std::size_t>(std::uniform_int_distribution<int>(0, 3)(rng)), 'z');
    r.rep[static_cast<std::size_t>(i)] = strdup(text.c_str());
    r.pos[static_cast<std::size_t>(i)] = p;
    r.cut[static_cast<std::size_t>(i)] = c;
  }
  return r;
}

std::string random_hyphens(std::mt19937& rng, int size, int max_odd = 1 << 30) {
  std::string h(static_cast<std::size_t>(size) + 5, '\0');
  int odd = 0;
  for (int i = 0; i < size; ++i) {
    char d = static_cast<char>('0' + std::uniform_int_distribution<int>(0, 9)(rng));
    if (d & 1 && ++odd > max_odd) d = '0';
    h[static_cast<std::size_t>(i)] = d;
  }
  return h;
}

void check_same(const Replacements& ours, const Replacements& theirs, int size, bool with_numbers = false) {
  for (int i = 0; i < size; ++i) {
    const char* a = ours.rep[static_cast<std::size_t>(i)];
    const char* b = theirs.rep[static_cast<std::size_t>(i)];
    CHECK((a == nullptr) == (b == nullptr));
    if (a != nullptr && b != nullptr) CHECK(std::string(a) == std::string(b));
    if (with_numbers) {
      CHECK(ours.pos[static_cast<std::size_t>(i)] == theirs.pos[static_cast<std::size_t>(i)]);
      CHECK(ours.cut[static_cast<std::size_t>(i)] == theirs.cut[static_cast<std::size_t>(i)]);
    }
  }
}

// Whether 2.8.8's hnj_hyphen_hyphword stays inside its buffers for this input: it copies each
// replacement with strncpy bounded by size + 4 - offset, which goes wrong past size + 4.
bool hyphword_in_bounds(const std::string& w, const std::string& h, const Replacements& r) {
  const int size = static_cast<int>(w.size());
  int j = 0;
  for (int i = 0; i < size; ++i, ++j) {
    if (!(h[static_cast<std::size_t>(i)] & 1)) continue;
    const char* rep = r.rep_p != nullptr ? r.rep[static_cast<std::size_t>(i)] : nullptr;
    if (rep == nullptr) {
      ++j;
      continue;
    }
    const int p = r.pos[static_cast<std::size_t>(i)];
    if (j - p + 1 > size + 4) return false;
    j += static_cast<int>(std::strlen(rep)) - p;
    i += r.cut[static_cast<std::size_t>(i)] - p;
  }
  return j < 2 * size;
}

constexpr int kCases = 20000;

TEST_CASE("hnj_ligature and hnj_hyphen_strnlen as libhyphen 2.8.8") {
  const Libhyphen& l = *libhyphen();
  for (int c = 0; c < 256; ++c) CHECK(hnj_ligature(static_cast<unsigned char>(c)) == l.ligature(static_cast<unsigned char>(c)));
  std::mt19937 rng(11);
  for (int k = 0; k < kCases; ++k) {
    const bool utf8 = k % 2 == 0;
    const std::string w = random_word(rng, utf8, 12);
    const int n = std::uniform_int_distribution<int>(0, static_cast<int>(w.size()) + 2)(rng);
    INFO("word ", w, " n ", n);
    CHECK(hnj_hyphen_strnlen(w.c_str(), n, utf8) == l.strnlen(w.c_str(), n, utf8));
  }
}

TEST_CASE("hnj_strchomp as libhyphen 2.8.8") {
  const Libhyphen& l = *libhyphen();
  for (const char* s : {"", "\n", "\r\n", "ab\r\n", "ab\n", "ab\r", "a\rb", "\r", "ab", "a\r\r", "x\n\n"}) {
    std::string a = s, b = s;
    hnj_strchomp(a.data());
    l.strchomp(b.data());
    CHECK(std::string(a.c_str()) == std::string(b.c_str()));
  }
}

TEST_CASE("hnj_hyphen_lhmin and hnj_hyphen_rhmin as libhyphen 2.8.8") {
  const Libhyphen& l = *libhyphen();
  std::mt19937 rng(12);
  for (int k = 0; k < kCases; ++k) {
    const bool utf8 = k % 2 == 0;
    const std::string w = random_word(rng, utf8, 12);
    const int size = static_cast<int>(w.size());
    const std::string h = random_hyphens(rng, size);
    const Replacements base = random_replacements(rng, h, size, k % 3 != 0);
    const int min = std::uniform_int_distribution<int>(0, 6)(rng);
    const bool left = k % 4 < 2;
    INFO("word ", w, " hyphens ", h.c_str(), left ? " lhmin " : " rhmin ", min);
    Replacements ours(base), theirs(base);
    std::string ho = h, ht = h;
    if (left) {
      hnj_hyphen_lhmin(utf8, w.c_str(), size, ho.data(), &ours.rep_p, &ours.pos_p, &ours.cut_p, min);
      l.lhmin(utf8, w.c_str(), size, ht.data(), &theirs.rep_p, &theirs.pos_p, &theirs.cut_p, min);
    } else {
      hnj_hyphen_rhmin(utf8, w.c_str(), size, ho.data(), &ours.rep_p, &ours.pos_p, &ours.cut_p, min);
      l.rhmin(utf8, w.c_str(), size, ht.data(), &theirs.rep_p, &theirs.pos_p, &theirs.cut_p, min);
    }
    CHECK(ho == ht);
    check_same(ours, theirs, size);
  }
}

TEST_CASE("hnj_hyphen_norm as libhyphen 2.8.8") {
  const Libhyphen& l = *libhyphen();
  std::mt19937 rng(13);
  for (int k = 0; k < kCases; ++k) {
    const std::string w = random_word(rng, true, 12);
    const int size = static_cast<int>(w.size());
    const std::string h = random_hyphens(rng, size);
    const Replacements base = random_replacements(rng, h, size, k % 3 != 0);
    INFO("word ", w, " hyphens ", h.c_str());
    Replacements ours(base), theirs(base);
    std::string ho = h, ht = h;
    const int ro = hnj_hyphen_norm(w.c_str(), size, ho.data(), &ours.rep_p, &ours.pos_p, &ours.cut_p);
    const int rt = l.norm(w.c_str(), size, ht.data(), &theirs.rep_p, &theirs.pos_p, &theirs.cut_p);
    CHECK(ro == rt);
    CHECK(std::string(ho.c_str()) == std::string(ht.c_str()));
    check_same(ours, theirs, size, true);
  }
}

TEST_CASE("hnj_hyphen_hyphword as libhyphen 2.8.8") {
  const Libhyphen& l = *libhyphen();
  std::mt19937 rng(14);
  for (int k = 0; k < kCases; ++k) {
    const bool utf8 = k % 2 == 0;
    const std::string w = random_word(rng, utf8, 12);
    const int size = static_cast<int>(w.size());
    // At most 3 breaks: 2.8.8 writes out of bounds when a replacement starts past size + 4.
    const std::string h = random_hyphens(rng, size, 3);
    Replacements ours = random_replacements(rng, h, size, k % 3 != 0);
    if (!hyphword_in_bounds(w, h, ours)) continue;
    Replacements theirs(ours);
    std::string out_ours(static_cast<std::size_t>(2 * size) + 1, 'X');
    std::string out_theirs(static_cast<std::size_t>(4 * size) + 64, 'X');
    hnj_hyphen_hyphword(w.c_str(), size, h.c_str(), out_ours.data(), &ours.rep_p, &ours.pos_p, &ours.cut_p);
    l.hyphword(w.c_str(), size, h.c_str(), out_theirs.data(), &theirs.rep_p, &theirs.pos_p, &theirs.cut_p);
    const std::string theirs_word = out_theirs.c_str();
    if (theirs_word.size() >= static_cast<std::size_t>(2 * size)) continue;  // past libhyphen's own buffer rule
    INFO("word ", w, " hyphens ", h.c_str());
    CHECK(std::string(out_ours.c_str()) == theirs_word);
  }
}

}  // namespace

int main(int argc, char** argv) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  std::puts("SKIP: sanitizer build (RTLD_DEEPBIND is refused)");
  return 77;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
  std::puts("SKIP: sanitizer build (RTLD_DEEPBIND is refused)");
  return 77;
#endif
#endif
  if (!libhyphen()) {
    std::puts("SKIP: no libhyphen.so.0 to compare with");
    return 77;
  }
  doctest::Context context(argc, argv);
  return context.run();
}
