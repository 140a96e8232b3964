// libhyphen 2.8.8's steps after the pattern levels (dic/steps.h), on the caller's C buffers
// exactly as its exported helpers take them (hnj_hyphen_lhmin, _rhmin, _norm, _hyphword, _strnlen;
// hnj_ligature is dic/steps.h's ligature): the drop-in's exports call these. rep, pos and cut may be NULL or point to
// NULL (no non-standard breaks); a dropped rep[i] is released with free(), as libhyphen does.
// Where 2.8.8 reads or writes past the word or loops on hostile rep/pos/cut values, these stay
// inside the word and its buffers, as upstream's later fixes intend.
#pragma once

namespace hyph::dic::steps {

/// hnj_hyphen_strnlen: characters in the first n bytes of word (up to a '\0').
int strnlen(const char* word, int n, bool utf8) noexcept;
/// hnj_hyphen_lhmin / hnj_hyphen_rhmin: no break in the first lhmin / last rhmin characters
/// (a non-standard break stays if its own part is long enough). Return 0.
int left_min(bool utf8, const char* word, int word_size, char* hyphens, char*** rep, int** pos, int** cut,
             int lhmin) noexcept;
int right_min(bool utf8, const char* word, int word_size, char* hyphens, char*** rep, int** pos, int** cut,
              int rhmin) noexcept;
/// hnj_hyphen_norm: byte-indexed hyphens and rep/pos/cut to characters. 1 (and a message on
/// stderr, as 2.8.8) when the word starts with a UTF-8 continuation byte, else 0.
int normalise(const char* word, int word_size, char* hyphens, char*** rep, int** pos, int** cut) noexcept;
/// hnj_hyphen_hyphword: the hyphenated word into hyphword (room for 2 * l bytes).
void hyphenated_word(const char* word, int l, const char* hyphens, char* hyphword, char*** rep, int** pos,
                     int** cut) noexcept;

}  // namespace hyph::dic::steps
