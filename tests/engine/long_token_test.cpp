// Tokens seen in pieces (engine/token_pieces.h): TextStream's long tokens and UTF-16 text give
// the whole-text answer, in both dialects, for tokens longer than 64 KiB, tokens of many words,
// CRLF line ends, invalid UTF-8 and lone surrogates.
#include <hyph/hyphenator.h>
#include <hyph/text_stream.h>

#include <doctest/doctest.h>
#include <unicode/unistr.h>

#include <string>
#include <vector>

namespace {

const std::string kData = HYPH_SOURCE_DIR "/patterns/data/";

struct Named {
  const char* name;
  hyph::Hyphenator h;
};

const std::vector<Named>& tex_models() {
  static const std::vector<Named> models = [] {
    hyph::Settings unicode;
    unicode.letters = hyph::LetterPolicy::unicode;  // en and em dashes are explicit hyphens too
    hyph::Settings nfc = unicode;
    nfc.normalization = hyph::Normalization::nfc;
    return std::vector<Named>{{"plain", hyph::Hyphenator::english()},
                              {"unicode letters", hyph::Hyphenator::english(unicode)},
                              {"unicode letters, NFC", hyph::Hyphenator::english(nfc)}};
  }();
  return models;
}

const hyph::Hyphenator& hungarian() {
  static const hyph::Hyphenator h = hyph::Hyphenator::load_dic(kData + "dic/hyph_hu_HU.dic");
  return h;
}

// UTF-16 text built from UTF-8 pieces and single code units (lone surrogates).
struct Text16 {
  std::u16string units;
  Text16& operator<<(std::string_view utf8) {
    const icu::UnicodeString u = icu::UnicodeString::fromUTF8(icu::StringPiece(utf8.data(), static_cast<int32_t>(utf8.size())));
    units.append(u.getBuffer(), static_cast<std::size_t>(u.length()));
    return *this;
  }
  Text16& operator<<(char16_t unit) {
    units += unit;
    return *this;
  }
  Text16& repeat(std::string_view utf8, int times) {
    for (int i = 0; i < times; ++i) *this << utf8;
    return *this;
  }
};

// The UTF-8 the UTF-16 path hyphenates: a lone surrogate in its three-byte generalised form
// (invalid UTF-8, three non-letters); unit_at[b] is the code unit byte b starts, or npos.
struct Utf8Of {
  std::string bytes;
  std::vector<std::size_t> unit_at;
  explicit Utf8Of(std::u16string_view t) {
    for (std::size_t i = 0; i < t.size();) {
      char32_t c = t[i];
      std::size_t units = 1;
      if (c >= 0xD800 && c <= 0xDBFF && i + 1 < t.size() && t[i + 1] >= 0xDC00 && t[i + 1] <= 0xDFFF) {
        c = 0x10000 + ((c - 0xD800) << 10) + (t[i + 1] - 0xDC00u);
        units = 2;
      }
      const std::size_t at = bytes.size();
      if (c < 0x80) {
        bytes += static_cast<char>(c);
      } else if (c < 0x800) {
        bytes += static_cast<char>(0xC0 | c >> 6);
        bytes += static_cast<char>(0x80 | (c & 0x3F));
      } else if (c < 0x10000) {
        bytes += static_cast<char>(0xE0 | c >> 12);
        bytes += static_cast<char>(0x80 | (c >> 6 & 0x3F));
        bytes += static_cast<char>(0x80 | (c & 0x3F));
      } else {
        bytes += static_cast<char>(0xF0 | c >> 18);
        bytes += static_cast<char>(0x80 | (c >> 12 & 0x3F));
        bytes += static_cast<char>(0x80 | (c >> 6 & 0x3F));
        bytes += static_cast<char>(0x80 | (c & 0x3F));
      }
      unit_at.resize(bytes.size() + 1, std::string::npos);
      unit_at[at] = i;
      i += units;
    }
    unit_at.resize(bytes.size() + 1, std::string::npos);
    unit_at[bytes.size()] = t.size();
  }
};

std::string streamed(const hyph::Hyphenator& h, std::string_view text, std::size_t piece) {
  std::string out;
  hyph::TextStream stream(h, "=", [&](std::string_view bytes) { out.append(bytes); });
  for (std::size_t i = 0; i < text.size(); i += piece) stream.write(text.substr(i, piece));
  stream.finish();
  return out;
}

// Whole text and every stream of the UTF-8 bytes agree.
void check_streams(const hyph::Hyphenator& h, std::string_view text) {
  const std::string whole = h.hyphenated(text, "=");
  for (std::size_t piece : {std::size_t{1}, std::size_t{3}, std::size_t{4093}, std::size_t{1} << 20})
    CHECK_MESSAGE(streamed(h, text, piece) == whole, "pieces of " << piece);
}

// ...and UTF-16 text gives the breaks of its UTF-8 form, in code units.
void check_all(const hyph::Hyphenator& h, const Text16& t) {
  const Utf8Of u(t.units);
  check_streams(h, u.bytes);
  std::vector<std::size_t> b8(h.hyphenate(u.bytes, {}));
  h.hyphenate(u.bytes, b8);
  std::vector<std::size_t> b16(h.hyphenate(t.units, {}));
  REQUIRE(h.hyphenate(t.units, b16) == b8.size());
  std::size_t differ = 0;
  for (std::size_t k = 0; k < b8.size(); ++k) differ += b16[k] != u.unit_at[b8[k]];
  CHECK(differ == 0);
  std::vector<hyph::Break> r8(h.breaks(u.bytes, {}));
  h.breaks(u.bytes, r8);
  std::vector<hyph::Break> r16(h.breaks(t.units, {}));
  REQUIRE(h.breaks(t.units, r16) == r8.size());
  differ = 0;
  for (std::size_t k = 0; k < r8.size(); ++k) {
    const hyph::Break& a = r8[k];
    const hyph::Break& b = r16[k];
    const std::size_t before = u.unit_at[a.offset] - u.unit_at[a.offset - a.replaced_before];
    const std::size_t after = u.unit_at[a.offset + a.replaced_after] - u.unit_at[a.offset];
    differ += b.offset != u.unit_at[a.offset] || b.value != a.value || b.before != a.before || b.after != a.after ||
              b.replaced_before != before || b.replaced_after != after;
  }
  CHECK(differ == 0);
}

constexpr int kLong = 70000;  // more than TextStream's 64 KiB look

}  // namespace

TEST_CASE("long tokens: TeX's dialect gives the whole-text breaks in streams and UTF-16") {
  std::vector<Text16> texts(10);
  texts[0].repeat(".", kLong) << "hyphenation concatenation";                  // non-letters, then a word
  texts[1] << "hyphenation" << std::string(kLong, '.') << " hyphenation";    // breaks held, no hyphen came
  texts[2] << "hyphenation" << std::string(kLong, '.') << "- hyphenation";   // ... a hyphen came
  texts[3] << "hyphenation" << std::string(kLong, '.') << "\u2013 x";         // ... an en dash came
  texts[4] << "hyphenation" << std::string(kLong, '.') << "a\u2014\r\nx";     // ... an em dash, CRLF
  texts[5].repeat("a", kLong) << " hyphenation";                              // 63 letters, the rest passed over
  texts[6].repeat(".", 65530) << "hyphenation" << std::string(kLong, '.') << "\r\nhyphenation\r\n";  // a word across the look
  texts[7] << u'\xD800' << "hyphenation" << u'\xDC00' << " " << u'\xDBFF';  // lone surrogates
  for (int i = 0; i < kLong / 4; ++i) texts[7] << u'\xDFFF' << "\xF0\x9D\x84\x9E";   // ... and pairs (U+1D11E)
  texts[7] << "hyphenation" << u'\xD801' << "\r\n";
  texts[8] << "h\u00e9llo" << std::string(kLong, ',') << " " << "he\u0301llo" << std::string(kLong, ',') << "\r\n";  // NFC
  texts[9].repeat("\u00e9", kLong) << " pr\u00e9sentation\r\n";               // a long run of non-ASCII letters
  for (const Named& m : tex_models())
    for (std::size_t i = 0; i < texts.size(); ++i) {
      CAPTURE(m.name);
      CAPTURE(i);
      check_all(m.h, texts[i]);
    }
}

TEST_CASE("long tokens: libhyphen's dialect gives the whole-text breaks in streams and UTF-16") {
  const auto& h = hungarian();
  std::vector<Text16> texts(6);
  texts[0].repeat("a", kLong) << ",kulissza m\u00e9rn\u00f6ks\u00e9g";          // a run too long to be a word, then words
  texts[1].repeat("kulissza/m\u00e9rn\u00f6ks\u00e9g,", 1200) << "\r\n";       // a token of many words
  texts[2].repeat("kulissza/m\u00e9rn\u00f6ks\u00e9g,\r\n", 1200);             // many tokens, CRLF
  texts[3].repeat("\u00e9", kLong) << "/kulissza " << "x\r\n";                 // a long run of non-ASCII letters
  texts[4].repeat(".", kLong) << "kulissza";                                   // non-words, then a word
  for (int i = 0; i < 1200; ++i) texts[5] << "kulissza" << u'\xD800' << "m\u00e9rn\u00f6ks\u00e9g" << u'\xDC00';  // lone surrogates
  for (std::size_t i = 0; i < texts.size(); ++i) {
    CAPTURE(i);
    check_all(h, texts[i]);
  }
}

TEST_CASE("long tokens: invalid UTF-8 streams as the whole text is hyphenated") {
  std::string text = "hyph\xFF" "enation " + std::string(kLong, '\xFF') + "hyphenation " + "hyphenation" +
                     std::string(kLong, '\xC3') + "\xE2\x80" "-\r\n" + "hyphenation" + std::string(kLong, '.') + "\xE2\x80\r\n";
  for (const Named& m : tex_models()) {
    CAPTURE(m.name);
    check_streams(m.h, text);
  }
  std::string dic = std::string(kLong, '\xC3') + "kulissza " + "kulissza\xE2\x80" + std::string(kLong, 'a') + "\xE9kulissza\r\n";
  check_streams(hungarian(), dic);
}
