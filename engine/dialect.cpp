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
#include "base/message.h"

#include <hyph/error.h>

#include <string>

namespace hyph::detail {

namespace {

#ifndef HYPH_NO_ICU
constexpr auto* kExplainTex = explain_tex_token;
constexpr auto* kExplainDic = explain_dic_token;
constexpr auto* kLoadTex = load_tex_language;
constexpr auto* kLoadDic = load_dic_language;
constexpr auto* kWriteTex = write_compiled_tex;
constexpr auto* kWriteDic = write_compiled_dic;
#else
// The ICU-free runtime (-Druntime_only=true, js/) loads compiled languages from bytes only: it
// has no language registry (whose names come from ICU and whose files from disk), no explain
// and no compiled-file writer, and links none of them (engine/meson.build's runtime list;
// the writer would bring the iostreams). Asked anyway, it says so.
[[noreturn]] void not_in_runtime(const char* what) {
  base::throw_error(ErrorCode::invalid_argument, {what, " is not in this libhyph, which is runtime_only (compiled languages from bytes)"});
}
void explain_not_in_runtime(const Model&, std::string_view, std::size_t, std::vector<WordExplanation>&) { not_in_runtime("explain"); }
Hyphenator load_not_in_runtime(const LanguageInfo&, std::string_view, const Settings&, std::span<const Source>) {
  not_in_runtime("the language registry");
}
void write_not_in_runtime(const Model&, std::string_view, std::string_view, CompiledLayout, std::ostream&) { not_in_runtime("write_compiled"); }
constexpr auto* kExplainTex = explain_not_in_runtime;
constexpr auto* kExplainDic = explain_not_in_runtime;
constexpr auto* kLoadTex = load_not_in_runtime;
constexpr auto* kLoadDic = load_not_in_runtime;
constexpr auto* kWriteTex = write_not_in_runtime;
constexpr auto* kWriteDic = write_not_in_runtime;
#endif

// TeX's table with the short-token and one-word paths this CPU runs.
constexpr DialectRules tex_rules(decltype(DialectRules::short_token) short_token, decltype(DialectRules::one_word) one_word) {
  return {
      .id = Dialect::tex,
      .token_breaks = tex_token_breaks,
      .short_token = short_token,
      .short_tokens_unbroken = true,
      .one_word = one_word,
      .whole_word = nullptr,
      .piece_step = tex_piece_step,
      .in_word_run = nullptr,
      .replacement = nullptr,
      .parse_user_word = tex_user_word,
      .explain_token = kExplainTex,
      .write_compiled = kWriteTex,
      .load_language = kLoadTex,
  };
}

}  // namespace

constinit const DialectRules kTexRules = tex_rules(tex_ascii_token_breaks_portable, nullptr);
constinit const DialectRules kTexVectorRules = tex_rules(tex_ascii_token_breaks_vector, tex_one_word_vector);
// The avx2 tier's token path: once its classification lost its branches on the token's length
// and its walk read the symbols as bytes (forwarded from one store), `hyphenate --words` on the
// 466,551 words took 2 % less CPU time with it than with the portable rule, and prose (8 MB of
// /usr/share/doc) the same; before that the portable rule was faster (173 against 188.7 MB/s).
constinit const DialectRules kTexAvx2Rules = tex_rules(tex_ascii_token_breaks_avx2, tex_one_word_avx2);

// The sse2 tier: the portable token rule, and a lean path of its own (4 to 16 ASCII letters).
constinit const DialectRules kTexSse2Rules = tex_rules(tex_ascii_token_breaks_portable, tex_one_word_sse2);

constinit const DialectRules kDicRules{
    .id = Dialect::libhyphen,
    .token_breaks = dic_token_breaks,
    .short_token = nullptr,
    .short_tokens_unbroken = false,
    .one_word = dic_one_word,
    .whole_word = dic_whole_word,
    .piece_step = dic_piece_step,
    .in_word_run = dic_in_word_run,
    .replacement = dic_replacement,
    .parse_user_word = dic_user_word,
    .explain_token = kExplainDic,
    .write_compiled = kWriteDic,
    .load_language = kLoadDic,
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
