// --explain for libhyphen's dialect: the words of engine/dic_token_breaks.cpp (runs of word
// characters, lower-cased, spelled in the dictionary's charset), their breaks from
// hyphenate3 as the engine takes them, the levels' values from hyphenate_levels, and the
// patterns that matched, walked level by level and compound part by compound part as 2.8.8's
// hnj_hyphen_hyph_ cuts the word. Not on the hot path: it allocates.
#include "dic/data.h"
#include "engine/dic_part.h"
#include "engine/explain.h"

#include "base/utf8.h"
#include "patterns/unicode_data.h"

#include <algorithm>
#include <string>

namespace hyph::detail {
namespace {

bool is_break(char h) noexcept { return h >= '1' && h <= '9' && ((h - '0') & 1) != 0; }
bool is_digit(unsigned char c) noexcept { return c >= '0' && c <= '9'; }

struct DicWord {
  std::string spelled;             // in the dictionary's charset
  std::vector<std::size_t> ends;   // byte offset in `spelled` after each character
  bool encodable = true;
  // The character a byte of `spelled` belongs to.
  std::size_t char_of(std::size_t byte) const noexcept {
    return static_cast<std::size_t>(std::upper_bound(ends.begin(), ends.end(), byte) - ends.begin());
  }
};

// The patterns of 2.8.8's hnj_hyphen_hyph_ on spelled[b, e), as its run() applies them: the
// first level over the part; where its odd values cut the part, each piece of more than two
// bytes again from the first level, else the second level over the whole part.
class PatternTrace {
 public:
  PatternTrace(const DicPart& part, const DicWord& word, WordExplanation& out) : part_(part), d_(part.dictionary.data()), word_(word), out_(out) {}

  void run(std::size_t b, std::size_t e, int depth) {
    const std::size_t n = e - b;
    std::string prep = ".";
    for (std::size_t i = b; i < e; ++i) {
      const auto c = static_cast<unsigned char>(word_.spelled[i]);
      prep += is_digit(c) ? '.' : static_cast<char>(c);
    }
    prep += '.';
    std::vector<std::pair<std::size_t, const dic::DicMatch*>> first;
    std::string hy(n + 2, '0');
    const char* pool = d_.level[0].digit_pool();
    walk(0, prep, [&](std::size_t at, const dic::DicMatch& m) {
      first.emplace_back(at, &m);
      const long offset = static_cast<long>(at) + 1 - static_cast<long>(m.length);
      for (long k = offset < 0 ? -offset : 0; k < static_cast<long>(m.length); ++k)
        if (offset + k < static_cast<long>(hy.size()) && hy[static_cast<std::size_t>(offset + k)] < pool[m.digits + k])
          hy[static_cast<std::size_t>(offset + k)] = pool[m.digits + k];
    });
    // After byte i: hy[i + 1]; the last byte's is '0'.
    std::vector<std::size_t> cuts;  // bytes after which the part is cut
    bool any = false;
    for (std::size_t i = 0; i + 1 < n; ++i) any = any || is_break(hy[i + 1]);
    if (!any || depth >= 512) {
      leaf(b, e);
      walk(1, prep, [&](std::size_t at, const dic::DicMatch& m) { record(2, b, prep, at, m); });
      return;
    }
    for (const auto& [at, m] : first) record(1, b, prep, at, *m);
    std::size_t begin = 0;
    for (std::size_t i = 0; i < n; ++i) {
      if (!(is_break(hy[i + 1]) && i + 1 < n) && !(begin > 0 && i + 1 == n)) continue;
      if (i - begin > 1) {
        run(b + begin, b + i + 1, depth + 1);
      } else {
        leaf(b + begin, b + i + 1);
      }
      begin = i + 1;
    }
  }

 private:
  template <class OnMatch>
  void walk(int level, const std::string& prep, OnMatch&& on_match) const {
    d_.level[level].walk(reinterpret_cast<const unsigned char*>(prep.data()), prep.size(), on_match);
  }

  void leaf(std::size_t b, std::size_t e) {
    const std::size_t first = word_.char_of(b), last = word_.char_of(e - 1) + 1;
    if (out_.parts.empty() || out_.parts.back().second <= first) out_.parts.emplace_back(first, last);
  }

  // A match ending at prep[at] of a part starting at byte b, written as the file writes it.
  void record(int level, std::size_t b, const std::string& prep, std::size_t at, const dic::DicMatch& m) {
    const dic::DicAutomaton& automaton = d_.level[level - 1];
    const std::size_t letters = m.letters, from = at + 1 - std::min<std::size_t>(letters, at + 1);
    const std::string_view spelled(prep.data() + from, at + 1 - from);
    // The digits are right-aligned: the last is after the last letter.
    std::string digits(spelled.size() + 1, '0');
    const std::string_view own(automaton.digit_pool() + m.digits, m.length);
    for (std::size_t k = 0; k < own.size() && k < digits.size(); ++k) digits[digits.size() - 1 - k] = own[own.size() - 1 - k];
    std::string raw;
    for (std::size_t k = 0; k <= spelled.size(); ++k) {
      if (digits[k] != '0') raw += digits[k];
      if (k < spelled.size()) raw += spelled[k];
    }
    ExplainedPattern p;
    p.level = level;
    // prep[0] is the part's leading edge; prep[q] (q >= 1) is byte b + q - 1 of the word.
    const std::size_t q = from == 0 ? 1 : from;
    p.start = word_.char_of(std::min(b + q - 1, word_.spelled.size() - 1));
    p.text = part_.dictionary.decode(raw);
    if (m.replacement >= 0) {
      const std::string_view core = spelled.substr(!spelled.empty() && spelled[0] == '.' ? 1 : 0);
      long start = m.index, cut = m.cut;
      if (d_.utf8) {
        auto chars = [&](long from_byte, long to_byte) {
          long count = 0;
          for (long k = std::max(0L, from_byte); k < to_byte && k < static_cast<long>(core.size()); ++k)
            count += (static_cast<unsigned char>(core[static_cast<std::size_t>(k)]) >> 6) != 2;
          return count;
        };
        start = chars(0, m.index);
        cut = chars(m.index, m.index + m.cut);
      }
      p.text.append("/").append(part_.dictionary.decode(d_.replacements.data() + m.replacement));
      p.text.append(",").append(std::to_string(start + 1)).append(",").append(std::to_string(cut));
    }
    out_.patterns.push_back(std::move(p));
  }

  const DicPart& part_;
  const dic::DictionaryData& d_;
  const DicWord& word_;
  WordExplanation& out_;
};

void explain_word(const DicPart& part, const DicWord& dw, WordExplanation& w) {
  const std::size_t chars = w.ends.size();
  w.mins = part.effective;
  auto skip = [&](const char* why) {
    w.answer = ExplainAnswer::skipped;
    w.skipped = why;
  };
  if (chars < 2) return skip("short");
  if (!dw.encodable) return skip("not-in-charset");
  if (dw.spelled.size() > dic::kStackWordBytes) return skip("too-long");
  const dic::Dictionary& dict = part.dictionary;
  const std::string_view word = dw.spelled;
  const bool want_reps = dict.has_replacements();
  std::vector<char> hyphens(word.size() + 8, '\0');
  std::vector<dic::Replacement> reps(word.size() + 1);
  const dic::Outcome o = dict.hyphenate3(word, std::span<char>(hyphens.data(), word.size() + 5), {},
                                         want_reps ? std::span<dic::Replacement>(reps.data(), word.size()) : std::span<dic::Replacement>(),
                                         part.minimums);
  if (dict.utf8() && o.status != 0) return skip("not-in-charset");

  // The levels' values, per byte, then per character (the last byte's, as 2.8.8 normalises).
  std::vector<char> levels(word.size() + 8, '\0');
  std::vector<dic::Replacement> level_reps(word.size() + 1);
  dict.hyphenate_levels(word, std::span<char>(levels.data(), word.size() + 5),
                        want_reps ? std::span<dic::Replacement>(level_reps.data(), word.size()) : std::span<dic::Replacement>(),
                        std::max<int>(part.minimums.compound_left, dict.clhmin()),
                        std::max<int>(part.minimums.compound_right, dict.crhmin()), true, true);
  w.values.assign(chars + 1, 0);
  for (std::size_t k = 0; k < chars; ++k) {
    const char v = levels[dw.ends[k] - 1];
    w.values[k + 1] = static_cast<std::uint8_t>(v >= '0' && v <= '9' ? v - '0' : 0);
  }

  // NOHYPHEN's removals: at each occurrence of an element, after its last byte and before its first.
  std::vector<bool> nohyphen(chars + 1, false);
  for (std::size_t e = 0; e < dict.nohyphen_count(); ++e) {
    const std::string_view element = dict.nohyphen_element(e);
    if (element.empty()) continue;
    for (std::size_t at = word.find(element); at != std::string_view::npos; at = word.find(element, at + 1)) {
      for (const std::size_t byte : {at + element.size() - 1, at - 1})
        if (byte < word.size() && std::binary_search(dw.ends.begin(), dw.ends.end(), byte + 1)) nohyphen[dw.char_of(byte) + 1] = true;
    }
  }

  std::vector<bool> is_break_gap(chars + 1, false);
  const std::size_t positions = std::min(o.positions, chars);
  for (std::size_t i = 0; i + 1 < positions; ++i) {
    if (!is_break(hyphens[i])) continue;
    is_break_gap[i + 1] = true;
    Break b;
    b.offset = w.ends[i];
    b.value = hyphens[i] - '0';
    if (o.replacements && reps[i].present()) {
      const std::size_t r = part.replacement_index(reps[i].text.data());
      const long from = static_cast<long>(i) + 1 - reps[i].pos;
      const long to = from + reps[i].cut;
      if (r < part.replacements.size() && from >= 0 && from <= static_cast<long>(i) + 1 && to >= static_cast<long>(i) + 1 &&
          to <= static_cast<long>(chars)) {
        const std::size_t begin = from == 0 ? w.offset : w.ends[static_cast<std::size_t>(from) - 1];
        const std::size_t end = to == 0 ? w.offset : w.ends[static_cast<std::size_t>(to) - 1];
        b.replaced_before = w.ends[i] - begin;
        b.replaced_after = end - w.ends[i];
        b.before = part.replacements[r].before;
        b.after = part.replacements[r].after;
      }
    }
    w.breaks.push_back(b);
  }
  for (std::size_t g = 1; g < chars; ++g) {
    if ((w.values[g] & 1) == 0 || is_break_gap[g]) continue;
    const char* why = g < static_cast<std::size_t>(w.mins.left)         ? "left-min"
                      : chars - g < static_cast<std::size_t>(w.mins.right) ? "right-min"
                      : nohyphen[g]                                      ? "nohyphen"
                                                                         : "other";
    w.dropped.emplace_back(g, why);
  }
  PatternTrace(part, dw, w).run(0, word.size(), 0);
}

}  // namespace

void explain_dic_token(const Model& model, std::string_view token, std::size_t base, std::vector<WordExplanation>& out) {
  const DicPart& part = dic_part_of(model);
  const auto* const begin = reinterpret_cast<const unsigned char*>(token.data());
  const auto* const end = begin + token.size();
  const unsigned char* p = begin;
  while (p < end) {
    utf8::Decoded c = *p < 0x80 ? utf8::Decoded{*p, 1} : utf8::decode(p, end);
    if (c.cp == utf8::kInvalid || !part.is_word_character(c.cp)) {
      p += c.length;
      continue;
    }
    // A word: the run of word characters from here, lower-cased code point by code point.
    WordExplanation w;
    DicWord dw;
    w.offset = base + static_cast<std::size_t>(p - begin);
    const unsigned char* const word_begin = p;
    bool too_long = false;
    for (;;) {
      const char32_t lower = patterns::unicode::lower(c.cp);
      p += c.length;
      if (w.ends.size() < kDicMaxWordChars) {
        char spelled[4];
        const unsigned bytes = part.encode(lower, spelled);
        if (bytes == 0) dw.encodable = false;
        dw.spelled.append(spelled, bytes);
        dw.ends.push_back(dw.spelled.size());
        unsigned char u[4];
        w.word.append(reinterpret_cast<const char*>(u), utf8::encode(lower, u));
        w.ends.push_back(base + static_cast<std::size_t>(p - begin));
      } else {
        too_long = true;
      }
      if (p == end) break;
      c = *p < 0x80 ? utf8::Decoded{*p, 1} : utf8::decode(p, end);
      if (c.cp == utf8::kInvalid || !part.is_word_character(c.cp)) break;
    }
    w.text.assign(reinterpret_cast<const char*>(word_begin), static_cast<std::size_t>(p - word_begin));
    if (too_long) {
      w.answer = ExplainAnswer::skipped;
      w.skipped = "too-long";
      w.mins = part.effective;
    } else {
      explain_word(part, dw, w);
    }
    out.push_back(std::move(w));
  }
}

}  // namespace hyph::detail
