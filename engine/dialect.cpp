// The two dialects' tables (engine/dialect.h). Each entry is the dialect's own function, in
// the files its name says: tex_* for TeX's, dic_* for libhyphen's.
#include "engine/dialect.h"

#include "engine/compiled_dic.h"
#include "engine/compiled_tex.h"
#include "engine/dic_languages.h"
#include "engine/dic_token_breaks.h"
#include "engine/dic_user_word.h"
#include "engine/explain.h"
#include "engine/tex_languages.h"
#include "engine/tex_token_breaks.h"
#include "engine/tex_user_word.h"

namespace hyph::detail {

namespace {

// TeX's table with the short-token and one-word paths this CPU runs.
constexpr DialectRules tex_rules(decltype(DialectRules::short_token) short_token, decltype(DialectRules::one_word) one_word) {
  return {
      .id = Dialect::tex,
      .token_breaks = tex_token_breaks,
      .short_token = short_token,
      .one_word = one_word,
      .whole_word = nullptr,
      .piece_step = tex_piece_step,
      .in_word_run = nullptr,
      .replacement = nullptr,
      .parse_user_word = tex_user_word,
      .explain_token = explain_tex_token,
      .write_compiled = write_compiled_tex,
      .load_language = load_tex_language,
  };
}

}  // namespace

constinit const DialectRules kTexRules = tex_rules(tex_ascii_token_breaks_portable, nullptr);
constinit const DialectRules kTexVectorRules = tex_rules(tex_ascii_token_breaks_vector, tex_one_word_vector);
constinit const DialectRules kTexAvx2Rules = tex_rules(tex_ascii_token_breaks_avx2, tex_one_word_avx2);

constinit const DialectRules kDicRules{
    .id = Dialect::libhyphen,
    .token_breaks = dic_token_breaks,
    .short_token = nullptr,
    .one_word = dic_one_word,
    .whole_word = dic_whole_word,
    .piece_step = dic_piece_step,
    .in_word_run = dic_in_word_run,
    .replacement = dic_replacement,
    .parse_user_word = dic_user_word,
    .explain_token = explain_dic_token,
    .write_compiled = write_compiled_dic,
    .load_language = load_dic_language,
};

const DialectRules& rules_for(Dialect id) noexcept {
  switch (id) {
    case Dialect::libhyphen:
      return kDicRules;
    case Dialect::tex:
      break;
  }
  return kTexRules;
}

}  // namespace hyph::detail
