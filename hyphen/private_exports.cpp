// hnj_hyphen_load_line: an internal of libhyphen 2.8.8 that its libhyphen.so.0 happens to
// export (its header does not declare it; hnj_hyphen_hyph_, the other, is in hyphenate.cpp). Only the ABI-compatible
// libhyphen.so.0 exports them, so that every symbol an old binary may have linked resolves.
#include "hyphen/bound_dict.h"
#include "hyphen/libhyphen_private.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <span>
#include <string_view>
#include <vector>

namespace {

using hyph::hyphen_binding::bound;

bool keyword(const char* line, const char* name) { return std::strncmp(line, name, std::strlen(name)) == 0; }

// NOHYPHEN's list, as libhyphen stores it: the comma-separated elements, each ended by '\0'.
void set_nohyphen(HyphenDict* dict, const char* list) {
  while (*list == ' ') ++list;
  std::string_view rest(list);
  while (!rest.empty() && (rest.back() == '\n' || rest.back() == '\r')) rest.remove_suffix(1);
  auto* block = static_cast<char*>(std::malloc(rest.size() + 1));
  if (block == nullptr) return;
  int commas = 0;
  for (std::size_t k = 0; k < rest.size(); ++k) {
    block[k] = rest[k] == ',' ? '\0' : rest[k];
    commas += rest[k] == ',';
  }
  block[rest.size()] = '\0';
  std::free(dict->nohyphen);
  dict->nohyphen = block;
  dict->nohyphenl = commas;
}

}  // namespace

extern "C" {

// libhyphen's loader step for one line of a .dic file, into the dictionary being built (its
// third argument is the loader's private hash table, never seen by clients; ignored here).
// libhyph's dictionaries are immutable once loaded: the header lines (the minimums and
// NOHYPHEN) set the HyphenDict fields clients read, as 2.8.8 does; a pattern line cannot be
// added to a loaded libhyph dictionary and is refused with a message on stderr.
void hnj_hyphen_load_line(char* buf, HyphenDict* dict, void* /*hashtab*/) {
  if (buf == nullptr || dict == nullptr || buf[0] == '%' || buf[0] == '\0' || buf[0] == '\n') return;
  if (keyword(buf, "LEFTHYPHENMIN")) {
    dict->lhmin = static_cast<char>(std::atoi(buf + 13));
  } else if (keyword(buf, "RIGHTHYPHENMIN")) {
    dict->rhmin = static_cast<char>(std::atoi(buf + 14));
  } else if (keyword(buf, "COMPOUNDLEFTHYPHENMIN")) {
    dict->clhmin = static_cast<char>(std::atoi(buf + 21));
  } else if (keyword(buf, "COMPOUNDRIGHTHYPHENMIN")) {
    dict->crhmin = static_cast<char>(std::atoi(buf + 22));
  } else if (keyword(buf, "NOHYPHEN")) {
    set_nohyphen(dict, buf + 8);
  } else {
    std::fprintf(stderr, "libhyph-hyphen: hnj_hyphen_load_line: a loaded dictionary is immutable; pattern not added: %s",
                 buf);
  }
}

}  // extern "C"
