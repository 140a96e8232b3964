// TeX's rules for one white-space-free token (tex.web §891–§902): which letters form the
// word it tries, whether it tries at all, and where the breaks go. TeX's entries in the
// dialect seam (engine/dialect.h), from the widest to the narrowest:
//   tex_token_breaks          any token (NFC first when the model asks for it)
//   tex_general_token_breaks  any token, its bytes as they are, letter by letter
//   tex_ascii_token_breaks    a token of at most 63 ASCII bytes, by bit masks
//   tex_one_word_vector       a whole text that is one such token (AVX-512), breaks written out
//   tex_one_word_avx2         a whole text that is one word of 4 to 16 ASCII letters (AVX2)
//   tex_one_word_sse2         the same with SSE2 alone
// Each narrower token rule answers "not mine" (false) for what it does not take; the one-word
// paths hand any other text on to hyphenate_text.
#pragma once

#include "engine/dialect.h"
#include "engine/model.h"
#include "engine/separators.h"  // explicit hyphens

#include <hyph/hyphenator.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace hyph::detail {


/// TeX's token rule (DialectRules::token_breaks): tex_nfc_token_breaks for a token that is not
/// ASCII when the model normalizes, else tex_raw_token_breaks.
void tex_token_breaks(const Model& model, std::string_view token, TokenBreaks& out, LookupCounters* counters,
                      const ExtraExceptions* extra) noexcept;

/// TeX's rules on the token's bytes as they are, without normalization: the ASCII path where
/// it takes the token, else the general one.
void tex_raw_token_breaks(const Model& model, std::string_view token, TokenBreaks& out, LookupCounters* counters,
                      const ExtraExceptions* extra) noexcept;

/// tex_raw_token_breaks's two paths, which tests hold to the same answers: the general one, and
/// the one for a token of at most 63 ASCII bytes when the model's symbol table answers for its
/// exceptions (false, nothing written, for any other token).
void tex_general_token_breaks(const Model& model, std::string_view token, TokenBreaks& out, LookupCounters* counters,
                          const ExtraExceptions* extra) noexcept;
bool tex_ascii_token_breaks(const Model& model, std::string_view token, TokenBreaks& out, LookupCounters* counters) noexcept;
/// tex_ascii_token_breaks's two implementations: the portable one, and the one for CPUs with
/// AVX-512 VBMI and VBMI2 (Model::ascii_vector; callable only where ascii_vector_usable()).
/// tex_ascii_token_breaks runs the second when the model allows it.
bool tex_ascii_token_breaks_portable(const Model& model, std::string_view token, TokenBreaks& out,
                                     LookupCounters* counters) noexcept;
bool tex_ascii_token_breaks_vector(const Model& model, std::string_view token, TokenBreaks& out,
                                   LookupCounters* counters) noexcept;
/// DialectRules::one_word for Model::ascii_vector (callable only where ascii_vector_usable()):
/// a text that is one token of at most 63 ASCII bytes (no separator), the commonest call,
/// answered by the vector path, its breaks written straight to `breaks`; any other text by
/// hyphenate_text.
std::size_t tex_one_word_vector(const Model& model, std::string_view text, std::span<std::size_t> breaks,
                                LookupCounters* counters) noexcept;
/// DialectRules::piece_step for TeX's dialect: a long token's word ends within kWordTail bytes
/// of its first letter, and Pending says what the rest of the token can still change.
PieceStep tex_piece_step(std::string_view held, bool token_ends, const TokenBreaks& found) noexcept;
/// Whether this CPU runs ascii_token_breaks_vector (asked once).
bool ascii_vector_usable() noexcept;
/// DialectRules::one_word for Model::ascii_avx2 (callable only where ascii_avx2_usable()): a
/// text that is one word of 4 to 16 ASCII letters (Model::lean_words), its breaks written
/// straight to `breaks` (engine/tex_ascii_avx2.cpp); any other text by hyphenate_text.
std::size_t tex_one_word_avx2(const Model& model, std::string_view text, std::span<std::size_t> breaks,
                              LookupCounters* counters) noexcept;
/// The same on the avx2 tier (Model::ascii_avx2; callable only where the CPU has AVX2, BMI1,
/// BMI2 and popcnt, for a model whose ASCII symbols are below 256): engine/tex_ascii_avx2.cpp.
bool tex_ascii_token_breaks_avx2(const Model& model, std::string_view token, TokenBreaks& out,
                                 LookupCounters* counters) noexcept;
/// Whether the dispatch tier is avx2 (its lean path runs).
bool ascii_avx2_usable() noexcept;
/// DialectRules::one_word for Model::ascii_sse2 (the sse2 tier): the same lean path with SSE2
/// alone (engine/tex_ascii_sse2.cpp); any other text by hyphenate_text.
std::size_t tex_one_word_sse2(const Model& model, std::string_view text, std::span<std::size_t> breaks,
                              LookupCounters* counters) noexcept;
/// Whether the dispatch tier is sse2 (its lean path runs).
bool ascii_sse2_usable() noexcept;
/// Model::ascii_symbol_rows from Model::ascii_symbols.
void fill_ascii_symbol_rows(Model& model) noexcept;


}  // namespace hyph::detail
